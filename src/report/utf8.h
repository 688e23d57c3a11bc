/* Text from problem files and command lines made valid UTF-8 for the output
 * (text and JSON): the corpus mixes UTF-8 with Latin-1 (author names). */
#ifndef FS_UTF8_H
#define FS_UTF8_H

/* A malloc'd copy of s in which every well-formed UTF-8 sequence is kept and
 * every other byte is read as Latin-1 (0xE9 'é' becomes C3 A9).  So UTF-8
 * input passes unchanged, Latin-1 input is converted, and a mixture is
 * converted byte by byte; the result is always valid UTF-8. */
char *utf8_from_text(const char *s);

#endif
