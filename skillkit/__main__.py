"""`python -m skillkit`: the same entry point as the console script."""

from skillkit.cli.app import main

if __name__ == "__main__":
    main()
