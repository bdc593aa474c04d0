package io.github.pgperf.internal.script;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;

/**
 * A script's bytes as text without losing any byte: what is valid in the charset becomes its
 * characters, and each byte that is not becomes the lone surrogate {@code U+DC00..U+DCFF} holding
 * it (as Python's {@code surrogateescape}). No strict decoder ever yields a lone surrogate, so the
 * marks are unambiguous, and {@link #encode} gives back the very bytes read.
 *
 * <p>pgbench sends a script's bytes as they are and lets the server judge them; pgperf's driver
 * sends Java text. The marks let a script be parsed (its structure is ASCII in every server
 * encoding) and show exactly which bytes the server will refuse.
 */
final class InvalidBytes {

  private static final char FIRST_MARK = '\uDC00';
  private static final char LAST_MARK = '\uDCFF';

  private InvalidBytes() {}

  /** {@code bytes} decoded strictly with {@code charset}, invalid bytes kept as marks. */
  static String decode(byte[] bytes, Charset charset) {
    CharsetDecoder decoder =
        charset
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 16);
    StringBuilder text = new StringBuilder(bytes.length);
    while (true) {
      CoderResult result = decoder.decode(in, out, true);
      drain(out, text);
      if (result.isError()) {
        // One byte only: a decoder may report a lead byte with the ASCII byte after it (EUC-JP's
        // "0x9d ,"), and the ASCII byte must stay what it is to pgbench's lexer: a comma, a quote.
        text.append(mark(in.get()));
        decoder.reset();
      } else if (result.isUnderflow()) {
        break;
      }
    }
    while (decoder.flush(out).isOverflow()) {
      drain(out, text);
    }
    drain(out, text);
    return text.toString();
  }

  private static void drain(CharBuffer out, StringBuilder text) {
    out.flip();
    text.append(out);
    out.clear();
  }

  /**
   * The bytes of {@code text} in {@code charset}, each mark giving back its byte. Characters the
   * charset cannot hold become its replacement: this is for text that came from {@link #decode}
   * plus variables' values, which pgbench would send as they are.
   */
  static byte[] encode(CharSequence text, Charset charset) {
    CharsetEncoder encoder =
        charset
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(text.length() + 16);
    int from = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || isMark(text.charAt(i))) {
        if (i > from) {
          try {
            ByteBuffer run = encoder.reset().encode(CharBuffer.wrap(text, from, i));
            out.write(run.array(), run.arrayOffset() + run.position(), run.remaining());
          } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing encoder reported " + e, e);
          }
        }
        if (i < text.length()) {
          out.write(byteOf(text.charAt(i)));
        }
        from = i + 1;
      }
    }
    return out.toByteArray();
  }

  /** Whether {@code c} stands for a byte that was not valid. */
  static boolean isMark(char c) {
    return c >= FIRST_MARK && c <= LAST_MARK;
  }

  /** The offset of the first mark in {@code text}, or -1. */
  static int indexIn(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (isMark(text.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /** The byte a mark stands for. */
  static int byteOf(char mark) {
    return mark - 0xDC00;
  }

  /** The byte as PostgreSQL's messages print bytes: {@code 0xe9}. */
  static String hex(char mark) {
    return String.format("0x%02x", byteOf(mark));
  }

  /**
   * {@code text} for people: each mark becomes U+FFFD, what a terminal shows for a byte it cannot
   * read (pgbench prints the byte itself; a Java stream would print {@code ?}).
   */
  static String readable(String text) {
    if (indexIn(text) < 0) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      sb.append(isMark(c) ? '\uFFFD' : c);
    }
    return sb.toString();
  }

  private static char mark(byte b) {
    return (char) (0xDC00 | (b & 0xFF));
  }
}
