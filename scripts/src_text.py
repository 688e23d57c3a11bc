# The C files of src/ as scripts/check-layers and scripts/check-sizes read
# them: each file's text with its comments blanked out, line numbers kept.
"""c_files(root): the .c and .h files under root/src, as paths relative to
root, sorted.  without_comments(text): the text with every comment replaced
by spaces (its line breaks kept), so that a line number in it is the line
number in the file, and "#include" or a brace inside a comment is no code.
String and character literals are kept as written; without_strings(code)
blanks their contents too."""
import os
import re


def c_files(root):
    found = []
    for folder, _, names in os.walk(os.path.join(root, "src")):
        for name in names:
            if name.endswith((".c", ".h")):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def read(root, path):
    """The file's text; bytes that are not UTF-8 (a Latin-1 author name in a
    comment) are read as Latin-1, which never fails."""
    with open(os.path.join(root, path), encoding="latin-1") as f:
        return f.read()


def without_comments(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:end]))
            i = end
        elif text.startswith("//", i):
            end = i
            while end < n and text[end] != "\n":
                # a backslash at the end of the line continues the comment
                end += 2 if text[end] == "\\" and end + 1 < n and text[end + 1] == "\n" else 1
            out.append("".join(c if c == "\n" else " " for c in text[i:end]))
            i = end
        elif text[i] in "\"'":
            quote, end = text[i], i + 1
            while end < n and text[end] not in (quote, "\n"):
                end += 2 if text[end] == "\\" else 1
            out.append(text[i:end + 1])
            i = end + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def without_strings(code):
    """Comment-free code with the contents of its string and character
    literals blanked, so that a brace or a semicolon in one is no code."""
    return re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'',
                  lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], code)


def line_of(text, offset):
    """The 1-based line number of a character offset."""
    return text.count("\n", 0, offset) + 1
