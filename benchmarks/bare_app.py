"""The yardstick of the start-up benchmark (benchmarks/startup.py): a bare Textual app, one
Label, started as its own process in the same pseudo-terminal as the game's screens."""

from textual.app import App
from textual.widgets import Label

#: text only this app's first frame shows (the harness waits for it in the terminal output)
MARKER = "BARE TEXTUAL APP: FIRST FRAME"


class BareApp(App):
    def compose(self):
        yield Label(MARKER)


if __name__ == "__main__":
    BareApp().run()
