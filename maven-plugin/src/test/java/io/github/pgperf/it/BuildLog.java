package io.github.pgperf.it;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * An invoker build's {@code build.log}, for the verify scripts. Groovy's power assertions print
 * every value in a failed expression; with the log as a String that is the whole log escaped onto
 * one line (60,000 characters for the example's build), in the build's console. This type prints as
 * its file name and size instead, and offers the checks the scripts make.
 */
public final class BuildLog {

  private static final String BUILD_START = "[INFO] Scanning for projects";

  private final String name;
  private final String text;

  private BuildLog(String name, String text) {
    this.name = name;
    this.text = text;
  }

  /** {@code basedir/build.log}. */
  public static BuildLog read(File basedir) {
    File file = new File(basedir, "build.log");
    try {
      return new BuildLog(file.toString(), Files.readString(file.toPath(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The log of each Maven build in the file (one per {@code invoker.goals.N}), in order. */
  public List<BuildLog> builds() {
    String[] parts = text.split(Pattern.quote(BUILD_START), -1);
    return IntStream.range(1, parts.length)
        .mapToObj(i -> new BuildLog(name + ", build " + i, BUILD_START + parts[i]))
        .toList();
  }

  /** Whether the log holds {@code s}. */
  public boolean contains(CharSequence s) {
    return text.contains(s);
  }

  /** Whether {@code regex} matches somewhere ({@code ^} and {@code $} at line ends). */
  public boolean find(String regex) {
    return Pattern.compile(regex, Pattern.MULTILINE).matcher(text).find();
  }

  /** Where {@code s} first occurs, or -1. */
  public int indexOf(String s) {
    return text.indexOf(s);
  }

  /** How often {@code s} occurs. */
  public int count(String s) {
    int n = 0;
    for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + s.length())) {
      n++;
    }
    return n;
  }

  /** The lines. */
  public List<String> lines() {
    return text.lines().toList();
  }

  /** The longest line's length. */
  public int longestLine() {
    return text.lines().mapToInt(String::length).max().orElse(0);
  }

  @Override
  public String toString() {
    return name + " (" + text.lines().count() + " lines)";
  }
}
