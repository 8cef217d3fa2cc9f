"""Returns a board no legal move gives: its queen jumps four squares forward over its own pawn."""


def main(history, white_time, black_time):
    board = [row[:] for row in history[-1]]
    home, ahead = (0, 4) if len(history) % 2 == 1 else (7, 3)
    board[ahead][3] = board[home][3]
    board[home][3] = "."
    return board
