"""A two-ply minimax on material in the tutorials' form with the clock: each move is scored by
the opponent's best reply. It ignores its time (two plies are quick)."""
import boardmoves

nodes = 0


def choose_move(fen, milliseconds_left):
    global nodes
    board, white = boardmoves.board_from_fen(fen)
    sign = 1 if white else -1
    best_text, best_score = None, None
    for text, after in boardmoves.successors(board, white):
        replies = boardmoves.successors(after, not white)
        nodes += 1 + len(replies)
        if replies:
            score = min(sign * boardmoves.material(reply) for _, reply in replies)
        elif boardmoves.king_attacked(after, not white):
            score = 1000  # mate
        else:
            score = 0  # stalemate
        if best_score is None or score > best_score:
            best_text, best_score = text, score
    return best_text
