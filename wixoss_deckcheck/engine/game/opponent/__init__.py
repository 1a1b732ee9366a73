"""The opponent's turn as your record sees it: its attacks, your crushed Life Cloth, guards and Life Bursts."""
