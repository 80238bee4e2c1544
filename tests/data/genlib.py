"""What the generators in tests/data share: rewrite their file, or with --check say whether it is
stale (exit 1)."""
import sys


def write_or_check(target, text):
    if "--check" in sys.argv:
        with open(target) as f:
            sys.exit(0 if f.read() == text else 1)
    with open(target, "w") as f:
        f.write(text)
    print(f"{target}: {text.count(chr(10))} cases")
