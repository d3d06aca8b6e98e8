"""The client screens of the match server (issue 14, docs/network.md): join a room's seat or
watch it on the match screen, the room picker, and `squigbowl host`."""
