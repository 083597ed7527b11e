"""The one exception an engine raises for a move the rules refuse."""


class IllegalAction(Exception):
    """A move the rules do not allow, with a sentence a player understands.

    ``code`` is a stable machine-readable reason (tests and the bot match on it); ``message`` is shown to
    the player as it is, so it names the rule that was broken and what to do instead.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
