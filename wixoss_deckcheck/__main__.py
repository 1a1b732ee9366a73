"""Allow ``python -m wixoss_deckcheck``."""

from wixoss_deckcheck.cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through the CLI tests
    main()
