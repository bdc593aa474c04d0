package io.github.pgperf.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Each side's test classes as its discovery found them (top-level classes, fully qualified): the
 * units {@code pgperf:compare} alternates with {@code pgperf.alternate=class}. A class only one
 * side has runs on that side only, and its tests come out NEW or GONE.
 *
 * @param base the base revision's classes
 * @param candidate the working tree's classes
 */
public record ClassesBySide(List<String> base, List<String> candidate) {

  public ClassesBySide {
    base = List.copyOf(base);
    candidate = List.copyOf(candidate);
  }

  /** Every class of either side, once each, in name order: the order classes run in a pair. */
  public List<String> all() {
    TreeSet<String> all = new TreeSet<>(base);
    all.addAll(candidate);
    return List.copyOf(all);
  }

  /** Whether {@code side} has the class. */
  public boolean has(Side side, String testClass) {
    return (side == Side.BASE ? base : candidate).contains(testClass);
  }

  /**
   * The classes named by result keys' class parts ({@code ItemsPerfTest}, a nested {@code
   * ItemsPerfTest$Lookups}: simple names), as a confirmation names them; in name order.
   */
  public List<String> named(Collection<String> simpleNames) {
    List<String> named = new ArrayList<>();
    for (String c : all()) {
      String simple = c.substring(c.lastIndexOf('.') + 1);
      if (simpleNames.stream().anyMatch(n -> n.equals(simple) || n.startsWith(simple + "$"))) {
        named.add(c);
      }
    }
    return named;
  }

  /** The simple names, for the log: {@code ItemsPerfTest, OrdersPerfTest}. */
  public static String simpleNames(Collection<String> classes) {
    return String.join(
        ", ", classes.stream().map(c -> c.substring(c.lastIndexOf('.') + 1)).toList());
  }
}
