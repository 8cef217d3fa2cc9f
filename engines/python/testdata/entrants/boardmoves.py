"""Move generation for the test entrants, written as a student would in the family tournament's
board form (board[row][column], row 0 White's back rank, "." empty). Like the family's own, it
knows neither castling nor en passant; pawns promote to a queen or a knight."""

STEPS = {
    "N": ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)),
    "K": ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)),
}
LINES = {
    "R": ((1, 0), (-1, 0), (0, 1), (0, -1)),
    "B": ((1, 1), (1, -1), (-1, 1), (-1, -1)),
    "Q": ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
}
VALUES = {"P": 1, "N": 3, "B": 3, "R": 5, "Q": 9, "K": 0, ".": 0}


def board_from_fen(fen):
    """The board and whether White is to move, from a FEN."""
    placement, side = fen.split()[:2]
    board = []
    for rank in reversed(placement.split("/")):
        row = []
        for letter in rank:
            row.extend("." * int(letter) if letter.isdigit() else letter)
        board.append(row)
    return board, side == "w"


def mine(piece, white):
    return piece != "." and piece.isupper() == white


def targets(board, row, column):
    """The squares the piece on (row, column) moves to, captures included, pawns aside."""
    piece = board[row][column].upper()
    white = board[row][column].isupper()
    for dr, dc in STEPS.get(piece, ()):
        r, c = row + dr, column + dc
        if 0 <= r < 8 and 0 <= c < 8 and not mine(board[r][c], white):
            yield r, c
    for dr, dc in LINES.get(piece, ()):
        r, c = row + dr, column + dc
        while 0 <= r < 8 and 0 <= c < 8 and not mine(board[r][c], white):
            yield r, c
            if board[r][c] != ".":
                break
            r, c = r + dr, c + dc


def pawn_targets(board, row, column, white):
    forward = 1 if white else -1
    if 0 <= row + forward < 8 and board[row + forward][column] == ".":
        yield row + forward, column
        start = 1 if white else 6
        if row == start and board[row + 2 * forward][column] == ".":
            yield row + 2 * forward, column
    for c in (column - 1, column + 1):
        r = row + forward
        if 0 <= r < 8 and 0 <= c < 8 and board[r][c] != "." and not mine(board[r][c], white):
            yield r, c


def king_attacked(board, white):
    king = "K" if white else "k"
    for row in range(8):
        for column in range(8):
            piece = board[row][column]
            if piece == "." or mine(piece, white):
                continue
            if piece in "Pp":
                forward = 1 if piece == "P" else -1
                hits = [(row + forward, column - 1), (row + forward, column + 1)]
            else:
                hits = targets(board, row, column)
            if any(0 <= r < 8 and 0 <= c < 8 and board[r][c] == king for r, c in hits):
                return True
    return False


def successors(board, white):
    """Every legal move (castling and en passant aside) as (UCI text, board after it)."""
    result = []
    for row in range(8):
        for column in range(8):
            piece = board[row][column]
            if not mine(piece, white):
                continue
            pawn = piece in "Pp"
            squares = pawn_targets(board, row, column, white) if pawn else targets(board, row, column)
            for r, c in squares:
                promotions = "QN" if pawn and r in (0, 7) else " "
                for promotion in promotions:
                    after = [line[:] for line in board]
                    after[row][column] = "."
                    after[r][c] = piece if promotion == " " else (
                        promotion if white else promotion.lower())
                    if not king_attacked(after, white):
                        text = "abcdefgh"[column] + str(row + 1) + "abcdefgh"[c] + str(r + 1)
                        result.append((text + promotion.strip().lower(), after))
    return result


def material(board):
    """White's material minus Black's, in pawns."""
    total = 0
    for row in board:
        for piece in row:
            total += VALUES[piece.upper()] * (1 if piece.isupper() else -1)
    return total
