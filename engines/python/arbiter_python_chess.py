"""The chess of engines/python/arbiter-python: positions in the family tournament's board form,
legal moves, the one move that gives a returned board, and the game as `position` gives it.
Standard library only; imported by the host from its own folder."""
import re

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BOARD_LETTERS = set("KQRBNPkqrbnp.")
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ROOK_LINES = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_LINES = ((1, 1), (1, -1), (-1, 1), (-1, -1))
SLIDER_LINES = {"R": ROOK_LINES, "B": BISHOP_LINES, "Q": ROOK_LINES + BISHOP_LINES}
# Castling: right letter, king's row, the rook's column, the squares that must be empty, the
# squares the king crosses (which must not be attacked), and the king's destination column.
CASTLINGS = (
    ("K", 0, 7, (5, 6), (4, 5, 6), 6),
    ("Q", 0, 0, (1, 2, 3), (4, 3, 2), 2),
    ("k", 7, 7, (5, 6), (4, 5, 6), 6),
    ("q", 7, 0, (1, 2, 3), (4, 3, 2), 2),
)
UCI_MOVE = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")
# The family tournament's draw claims (the exceptions an entrant raises) and the rule each claims,
# as arbiter's claim line names it (`info string draw-claim RULE NAME`, harness/uci/protocol.h).
DRAW_CLAIMS = {"ThreeFoldRepetition": "threefold", "FiftyMoveException": "fifty-moves"}


def square_name(row, column):
    return "abcdefgh"[column] + str(row + 1)


def is_white(piece):
    return piece.isupper()


def on_board(row, column):
    return 0 <= row < 8 and 0 <= column < 8


class Position:
    """One position of standard chess, its board in the family's form (board[row][column], row 0
    White's back rank, column 0 the a-file, "." empty), with the side to move, castling rights,
    en passant square and move clocks. Positions are values: play() returns a new one."""

    def __init__(self, board, white_to_move, castling, en_passant, halfmove, fullmove):
        self.board = board
        self.white_to_move = white_to_move
        self.castling = castling  # a string of "KQkq" letters, "" when none
        self.en_passant = en_passant  # (row, column) behind a pawn that just moved two, or None
        self.halfmove = halfmove
        self.fullmove = fullmove

    # Returns the position a FEN describes; raises ValueError naming what is wrong.
    @staticmethod
    def from_fen(fen):
        fields = fen.split()
        if len(fields) < 4:
            raise ValueError(f"FEN '{fen}' has fewer than 4 fields")
        ranks = fields[0].split("/")
        if len(ranks) != 8:
            raise ValueError(f"FEN '{fen}' has {len(ranks)} ranks, not 8")
        board = []
        for rank in reversed(ranks):
            row = []
            for letter in rank:
                row.extend("." * int(letter) if letter.isdigit() else letter)
            if len(row) != 8 or not set(row) <= BOARD_LETTERS:
                raise ValueError(f"FEN '{fen}': rank '{rank}' is not 8 squares")
            board.append(row)
        en_passant = None
        if fields[3] != "-":
            en_passant = (int(fields[3][1]) - 1, "abcdefgh".index(fields[3][0]))
        castling = "".join(c for c in "KQkq" if c in fields[2])
        numbers = [int(f) for f in fields[4:6]] + [0, 1][len(fields[4:6]) :]
        return Position(board, fields[1] == "w", castling, en_passant, numbers[0], numbers[1])

    def fen(self):
        ranks = []
        for row in reversed(self.board):
            text = "".join(row)
            ranks.append(re.sub(r"\.+", lambda run: str(len(run.group())), text))
        en_passant = square_name(*self.en_passant) if self.en_passant else "-"
        side = "w" if self.white_to_move else "b"
        castling = self.castling or "-"
        return (
            f"{'/'.join(ranks)} {side} {castling} {en_passant} {self.halfmove} {self.fullmove}"
        )

    # True if a piece of the given colour attacks (row, column).
    def attacked(self, row, column, by_white):
        board = self.board
        pawn_row = row - 1 if by_white else row + 1
        for side in (-1, 1):
            if on_board(pawn_row, column + side):
                if board[pawn_row][column + side] == ("P" if by_white else "p"):
                    return True
        for steps, piece in ((KNIGHT_STEPS, "N"), (KING_STEPS, "K")):
            target = piece if by_white else piece.lower()
            for dr, dc in steps:
                if on_board(row + dr, column + dc) and board[row + dr][column + dc] == target:
                    return True
        for lines, pieces in ((ROOK_LINES, "RQ"), (BISHOP_LINES, "BQ")):
            targets = pieces if by_white else pieces.lower()
            for dr, dc in lines:
                r, c = row + dr, column + dc
                while on_board(r, c):
                    if board[r][c] != ".":
                        if board[r][c] in targets:
                            return True
                        break
                    r, c = r + dr, c + dc
        return False

    def in_check(self, white):
        king = "K" if white else "k"
        for row in range(8):
            for column in range(8):
                if self.board[row][column] == king:
                    return self.attacked(row, column, not white)
        return False

    # Moves as (from_row, from_column, to_row, to_column, promotion letter or ""), king safety
    # not yet checked.
    def pseudo_moves(self):
        board, white = self.board, self.white_to_move
        for row in range(8):
            for column in range(8):
                piece = board[row][column]
                if piece == "." or is_white(piece) != white:
                    continue
                kind = piece.upper()
                if kind == "P":
                    yield from self.pawn_moves(row, column)
                elif kind in "NK":
                    for dr, dc in KNIGHT_STEPS if kind == "N" else KING_STEPS:
                        if self.free_or_enemy(row + dr, column + dc):
                            yield (row, column, row + dr, column + dc, "")
                else:
                    lines = SLIDER_LINES[kind]
                    for dr, dc in lines:
                        r, c = row + dr, column + dc
                        while self.free_or_enemy(r, c):
                            yield (row, column, r, c, "")
                            if board[r][c] != ".":
                                break
                            r, c = r + dr, c + dc
        yield from self.castling_moves()

    def free_or_enemy(self, row, column):
        if not on_board(row, column):
            return False
        target = self.board[row][column]
        return target == "." or is_white(target) != self.white_to_move

    def pawn_moves(self, row, column):
        board, forward = self.board, 1 if self.white_to_move else -1
        last_row, start_row = (7, 1) if self.white_to_move else (0, 6)
        targets = []
        if on_board(row + forward, column) and board[row + forward][column] == ".":
            targets.append((row + forward, column))
            if row == start_row and board[row + 2 * forward][column] == ".":
                targets.append((row + 2 * forward, column))
        for side in (-1, 1):
            r, c = row + forward, column + side
            if not on_board(r, c):
                continue
            if (board[r][c] != "." and is_white(board[r][c]) != self.white_to_move) or (
                self.en_passant == (r, c)
            ):
                targets.append((r, c))
        for r, c in targets:
            for promotion in "qrbn" if r == last_row else "":
                yield (row, column, r, c, promotion)
            if r != last_row:
                yield (row, column, r, c, "")

    def castling_moves(self):
        for right, row, rook_column, empty, crossed, king_column in CASTLINGS:
            if right not in self.castling or is_white(right) != self.white_to_move:
                continue
            if any(self.board[row][c] != "." for c in empty):
                continue
            if any(self.attacked(row, c, not self.white_to_move) for c in crossed):
                continue
            yield (row, 4, row, king_column, "")

    # Returns the position after a pseudo-legal move.
    def play(self, move):
        from_row, from_column, to_row, to_column, promotion = move
        board = [row[:] for row in self.board]
        piece, captured = board[from_row][from_column], board[to_row][to_column]
        pawn = piece in "Pp"
        if pawn and from_column != to_column and captured == ".":
            board[from_row][to_column] = "."  # en passant
        if piece in "Kk" and abs(to_column - from_column) == 2:
            rook_from, rook_to = (7, 5) if to_column == 6 else (0, 3)
            board[from_row][rook_to], board[from_row][rook_from] = board[from_row][rook_from], "."
        board[from_row][from_column] = "."
        if promotion:
            piece = promotion.upper() if self.white_to_move else promotion
        board[to_row][to_column] = piece
        castling = self.castling
        for right, row, rook_column, *_ in CASTLINGS:
            if (row, 4) == (from_row, from_column) or (row, rook_column) in (
                (from_row, from_column),
                (to_row, to_column),
            ):
                castling = castling.replace(right, "")
        en_passant = None
        if pawn and abs(to_row - from_row) == 2:
            en_passant = ((from_row + to_row) // 2, from_column)
        halfmove = 0 if pawn or captured != "." else self.halfmove + 1
        fullmove = self.fullmove + (0 if self.white_to_move else 1)
        return Position(board, not self.white_to_move, castling, en_passant, halfmove, fullmove)

    # Returns [(move, position after it)] for every legal move.
    def legal_moves(self):
        result = []
        for move in self.pseudo_moves():
            after = self.play(move)
            if not after.in_check(self.white_to_move):
                result.append((move, after))
        return result

    # The FIDE identity of a position for repetitions: an en passant square counts only when a
    # legal en passant capture exists.
    def repetition_key(self):
        en_passant = None
        for move, _ in self.legal_moves() if self.en_passant else ():
            if (move[2], move[3]) == self.en_passant and self.board[move[0]][move[1]] in "Pp":
                en_passant = self.en_passant
        board = tuple(tuple(row) for row in self.board)
        return (board, self.white_to_move, self.castling, en_passant)


def uci_text(move):
    return square_name(move[0], move[1]) + square_name(move[2], move[3]) + move[4]


# Returns the legal move written as `text`, or None.
def move_from_uci(position, text):
    for move, after in position.legal_moves():
        if uci_text(move) == text:
            return move, after
    return None


# Returns (UCI move, "") for the one legal move that turns `position` into `board`, or
# (None, why) when the board is malformed or no legal move produces it.
def move_for_board(position, board):
    try:
        rows = [list(row) for row in board]
    except TypeError:
        return None, f"main returned {type(board).__name__}, not a board (8 rows of 8 squares)"
    if len(rows) != 8 or any(len(row) != 8 for row in rows):
        return None, "main returned a board that is not 8 rows of 8 squares"
    squares = [square for row in rows for square in row]
    if any(not isinstance(square, str) or square not in BOARD_LETTERS for square in squares):
        return None, "main returned a board with a square that is not one of KQRBNPkqrbnp."
    for move, after in position.legal_moves():
        if after.board == rows:
            return uci_text(move), ""
    changed = [
        square_name(r, c) for r in range(8) for c in range(8) if rows[r][c] != position.board[r][c]
    ]
    why = "no legal move gives the returned board (changed squares: %s)" % (
        " ".join(changed) or "none"
    )
    rule = broken_rule(position, rows)
    return None, why + (": " + rule if rule else "")


# What the rules forbid in a returned board no legal move gives, when the host can tell: a pawn
# left on the last rank, a move that leaves the own king in check, a castling that is not allowed
# (out of check, through an attacked square, without the right, past a piece); "" otherwise.
def broken_rule(position, rows):
    white = position.white_to_move
    for row, pawn in ((7, "P"), (0, "p")):
        for column in range(8):
            if rows[row][column] == pawn:
                return f"a pawn left on the last rank at {square_name(row, column)} must promote"
    for move in position.pseudo_moves():
        after = position.play(move)
        if after.board == rows and after.in_check(white):
            return f"{uci_text(move)} leaves the own king in check"
    own_king = "K" if white else "k"
    for right, row, rook_column, empty, crossed, king_column in CASTLINGS:
        if is_white(right) != white or position.board[row][4] != own_king:
            continue
        rook_to = 5 if king_column == 6 else 3
        if rows[row][king_column] != own_king or rows[row][rook_to] != ("R" if white else "r"):
            continue
        side = "kingside" if king_column == 6 else "queenside"
        if position.in_check(white):
            return f"castling {side} out of check"
        if right not in position.castling:
            return f"castling {side} without the right (the king or that rook has moved)"
        if any(position.board[row][c] != "." for c in empty):
            return f"castling {side} past a piece"
        for c in crossed:
            if position.attacked(row, c, not white):
                return f"castling {side} through {square_name(row, c)}, which is attacked"
    return ""


class Game:
    """The game as the last `position` command gave it: every position from the first, so that
    the family's interface gets its history and a draw claim can be checked."""

    def __init__(self):
        self.positions = [Position.from_fen(START_FEN)]
        self.start, self.moves = START_FEN, []

    # Sets the game from the words after `position`; raises ValueError on an illegal move. A
    # game that continues the previous one only plays the new moves.
    def set_from(self, words):
        moves = words[words.index("moves") + 1 :] if "moves" in words else []
        head = words[: words.index("moves")] if "moves" in words else words
        fen = START_FEN if head[:1] == ["startpos"] else " ".join(head[1:])
        if fen != self.start or moves[: len(self.moves)] != self.moves:
            self.positions, self.start, self.moves = [Position.from_fen(fen)], fen, []
        for text in moves[len(self.moves) :]:
            found = move_from_uci(self.positions[-1], text)
            if found is None:
                self.start = None  # start again at the next command
                raise ValueError(f"move {text} is not legal in {self.positions[-1].fen()}")
            self.positions.append(found[1])
            self.moves.append(text)

    @property
    def current(self):
        return self.positions[-1]

    # The family's history: boards from the first position; a first position with Black to move
    # is given twice so that len(history) is odd exactly when White is to move.
    def history(self):
        boards = [[row[:] for row in p.board] for p in self.positions]
        if not self.positions[0].white_to_move:
            boards.insert(0, [row[:] for row in boards[0]])
        return boards

    # Why the claim `name` is true or false here, as (valid, explanation).
    def check_claim(self, name):
        if name == "FiftyMoveException":
            clock = self.current.halfmove
            return clock >= 100, f"{clock} half-moves without a capture or pawn move (100 needed)"
        key = self.current.repetition_key()
        seen = sum(1 for p in self.positions if p.repetition_key() == key)
        return seen >= 3, f"the position has occurred {seen} time{'s' if seen != 1 else ''}"
