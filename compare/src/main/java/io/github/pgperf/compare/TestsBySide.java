package io.github.pgperf.compare;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which tests ran on which side: those on both are compared; a test only in the candidate is NEW
 * (measured, not compared), one only in the base is GONE.
 *
 * @param both tests on both sides ({@code Class.method})
 * @param added NEW: only in the candidate
 * @param gone GONE: only in the base
 */
public record TestsBySide(List<String> both, List<String> added, List<String> gone) {

  public TestsBySide {
    both = List.copyOf(both);
    added = List.copyOf(added);
    gone = List.copyOf(gone);
  }

  public static TestsBySide of(Collection<String> base, Collection<String> candidate) {
    Set<String> both = new TreeSet<>(base);
    both.retainAll(candidate);
    Set<String> added = new TreeSet<>(candidate);
    added.removeAll(base);
    Set<String> gone = new TreeSet<>(base);
    gone.removeAll(candidate);
    return new TestsBySide(List.copyOf(both), List.copyOf(added), List.copyOf(gone));
  }

  /** The log's lines: one per NEW or GONE test. */
  public List<String> lines() {
    return java.util.stream.Stream.concat(
            added.stream()
                .map(t -> "NEW: " + t + " (only in the candidate: measured, not compared)"),
            gone.stream().map(t -> "GONE: " + t + " (only in the base: not compared)"))
        .toList();
  }
}
