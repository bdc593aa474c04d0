package io.github.pgperf.internal.script;

import java.nio.charset.Charset;
import java.util.Arrays;

/** The bytes a script was read from, kept to read them again in the run's client encoding. */
public final class ScriptBytes {

  private final byte[] bytes;

  ScriptBytes(byte[] bytes) {
    this.bytes = bytes.clone();
  }

  /**
   * The bytes as text in {@code charset}, each byte not valid in it kept ({@link InvalidBytes}).
   */
  String text(Charset charset) {
    return InvalidBytes.decode(bytes, charset);
  }

  /** The offset of the first byte outside ASCII, or -1. */
  int firstNonAscii() {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] < 0) {
        return i;
      }
    }
    return -1;
  }

  /** The byte at {@code offset}, as PostgreSQL's messages print bytes: {@code 0xe9}. */
  String hex(int offset) {
    return String.format("0x%02x", bytes[offset] & 0xFF);
  }

  /** The 1-based line of the byte at {@code offset}. */
  int lineAt(int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (bytes[i] == '\n') {
        line++;
      }
    }
    return line;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ScriptBytes other && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }
}
