"""Variants of New World that change the turn structure (NOTES §12). Importing registers their steps."""
