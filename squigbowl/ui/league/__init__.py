"""The league screens (issue 23): the team list, the team builder and the team sheet."""
