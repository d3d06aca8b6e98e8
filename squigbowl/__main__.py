import sys

from squigbowl.cli import main

sys.exit(main())
