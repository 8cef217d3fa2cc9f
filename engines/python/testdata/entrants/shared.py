"""The draw claims of the family tournament's interface: an entrant raises one to claim a draw."""


class ThreeFoldRepetition(Exception):
    """Raised to claim a draw by threefold repetition."""


class FiftyMoveException(Exception):
    """Raised to claim a draw by the fifty-move rule."""
