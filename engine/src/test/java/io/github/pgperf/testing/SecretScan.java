package io.github.pgperf.testing;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Looks for passwords in what a program printed and in every file it may have written, and lists
 * each place found without repeating the password: the listing is a test's failure message, which
 * Surefire writes to its own reports.
 *
 * <p>Each password is looked for as given, URL-encoded (as it stands in a URI) and as its random
 * part alone (so an escaped, quoted or cut copy counts too). Files are read as bytes, binary files
 * included, and their paths count as text.
 */
public final class SecretScan {

  /** One place a password was found. */
  public record Hit(String where, String excerpt) {
    @Override
    public String toString() {
      return where + ": " + excerpt;
    }
  }

  private static final String ALPHABET =
      "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  private static final int CORE_LENGTH = 20;
  private static final int EXCERPT_SIDE = 70;

  /** What is looked for, longest first, each with the placeholder shown instead of it. */
  private final Map<String, String> forms = new LinkedHashMap<>();

  private final Set<Path> allowed;
  private final List<Hit> hits = new ArrayList<>();

  /**
   * @param passwords each password by the placeholder that stands for it in the listing, for
   *     example {@code PASSWORD}; each should be made by {@link #newPassword}
   * @param allowed files that hold a password on purpose (a {@code .pgpass} the test wrote)
   */
  public SecretScan(Map<String, String> passwords, Set<Path> allowed) {
    List<Map.Entry<String, String>> all = new ArrayList<>();
    passwords.forEach(
        (label, password) -> {
          all.add(Map.entry(password, "<" + label + ">"));
          all.add(
              Map.entry(
                  URLEncoder.encode(password, StandardCharsets.UTF_8),
                  "<" + label + "-URLENCODED>"));
          all.add(Map.entry(core(password), "<" + label + "-PART>"));
        });
    all.sort((a, b) -> Integer.compare(b.getKey().length(), a.getKey().length()));
    all.forEach(e -> forms.putIfAbsent(e.getKey(), e.getValue()));
    this.allowed =
        allowed.stream().map(p -> p.toAbsolutePath().normalize()).collect(Collectors.toSet());
  }

  /**
   * A password no program prints by chance: a fixed prefix, {@value #CORE_LENGTH} random letters
   * and digits (its random part), and characters a URI must encode ({@code @}, {@code #}, {@code
   * /}), so its URL-encoded form differs from it. Neither {@code :} nor a backslash, which {@code
   * .pgpass} would need escaped, nor a quote or space, which a conninfo would need quoted.
   */
  public static String newPassword() {
    SecureRandom random = new SecureRandom();
    StringBuilder core = new StringBuilder();
    for (int i = 0; i < CORE_LENGTH; i++) {
      core.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return "pw-" + core + "@#/x";
  }

  private static String core(String password) {
    return password.substring(3, 3 + CORE_LENGTH);
  }

  /** Looks in one captured stream, named {@code where} in the listing. */
  public SecretScan text(String where, String text) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      look(where + " line " + (i + 1), lines[i]);
    }
    return this;
  }

  /** Looks in every file under {@code root} (contents and paths), except the allowed ones. */
  public SecretScan tree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return this;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.sorted().toList();
    }
    for (Path file : files) {
      look("path " + file, file.toString());
      if (Files.isRegularFile(file) && !allowed.contains(file.toAbsolutePath().normalize())) {
        // ISO-8859-1 maps each byte to one char, so binary files are searched byte for byte.
        text(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
      }
    }
    return this;
  }

  /** Every place found so far. */
  public List<Hit> hits() {
    return List.copyOf(hits);
  }

  /** The places found, one a line, or an empty string. */
  public String listing() {
    StringBuilder b = new StringBuilder();
    hits.forEach(h -> b.append("\n  ").append(h));
    return hits.isEmpty() ? "" : hits.size() + " places hold a password:" + b;
  }

  private void look(String where, String line) {
    String masked = mask(line);
    if (masked.equals(line)) {
      return;
    }
    // Cut from the masked line: no cut can leave a piece of a password behind.
    int first = masked.length();
    for (String placeholder : forms.values()) {
      int at = masked.indexOf(placeholder);
      if (at >= 0) {
        first = Math.min(first, at);
      }
    }
    int from = Math.max(0, first - EXCERPT_SIDE);
    int to = Math.min(masked.length(), first + 2 * EXCERPT_SIDE);
    // A file's path may hold the password too.
    hits.add(
        new Hit(
            mask(where),
            (from > 0 ? "..." : "")
                + printable(masked.substring(from, to))
                + (to < masked.length() ? "..." : "")));
  }

  /** {@code text} with every form of every password replaced by its placeholder. */
  public String mask(String text) {
    String masked = text;
    for (Map.Entry<String, String> form : forms.entrySet()) {
      masked = masked.replace(form.getKey(), form.getValue());
    }
    return masked;
  }

  private static String printable(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> b.append(c < 0x20 || c == 0x7f ? '.' : (char) c));
    return b.toString();
  }
}
