package io.github.pgperf.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Looks for an invoker build's password in every file of the build (its {@code build.log} included)
 * and lists each place found without repeating the password, for the secrets ITs' verify scripts.
 * The password is the one the build was given in {@code invoker.properties} ({@code
 * PGPERF_PASSWORD}, else the password in {@code PGPERF_URL}); that file, which holds it on purpose,
 * is not searched. It is looked for as given, URL-encoded, and as its longest run of letters and
 * digits (so an escaped or cut copy counts too); files are read as bytes and their paths count as
 * text. The harness's {@code testing.SecretScan} does the same for its tests.
 */
public final class SecretScan {

  private static final String PROPERTIES = "invoker.properties";
  private static final String ENV = "invoker.environmentVariables.";
  private static final int EXCERPT_SIDE = 70;

  private final String password;
  private final Map<String, String> forms = new LinkedHashMap<>();
  private final List<String> hits = new ArrayList<>();

  private SecretScan(String password) {
    this.password = password;
    String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8);
    Matcher runs = Pattern.compile("[A-Za-z0-9]+").matcher(password);
    String core = "";
    while (runs.find()) {
      core = runs.group().length() > core.length() ? runs.group() : core;
    }
    if (core.length() < 12) {
      throw new IllegalArgumentException(
          "the build's password needs a run of at least 12 letters"
              + " and digits, so that no file holds it by chance");
    }
    forms.put(encoded, "<PASSWORD-URLENCODED>");
    forms.put(password, "<PASSWORD>");
    forms.put(core, "<PASSWORD-PART>");
  }

  /** The scan for the password in {@code basedir/invoker.properties}. */
  public static SecretScan forBuild(File basedir) {
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(basedir.toPath().resolve(PROPERTIES))) {
      props.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String password = props.getProperty(ENV + "PGPERF_PASSWORD");
    if (password == null) {
      String userInfo = URI.create(props.getProperty(ENV + "PGPERF_URL")).getRawUserInfo();
      password =
          URLDecoder.decode(userInfo.substring(userInfo.indexOf(':') + 1), StandardCharsets.UTF_8);
    }
    return new SecretScan(password);
  }

  /**
   * Searches every file under {@code root} but {@code invoker.properties}; a missing root is
   * searched as empty.
   */
  public SecretScan tree(File root) throws IOException {
    if (!root.exists()) {
      return this;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root.toPath())) {
      files = walk.sorted().toList();
    }
    for (Path file : files) {
      look("path " + file, file.toString());
      if (Files.isRegularFile(file) && !file.getFileName().toString().equals(PROPERTIES)) {
        // ISO-8859-1 maps each byte to one char, so binary files are searched byte for byte.
        String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
          look(file + " line " + (i + 1), lines[i]);
        }
      }
    }
    return this;
  }

  /**
   * Whether a scan of the same password finds it planted in a temporary directory as a build could
   * leave it (as given in a log line, URL-encoded in a URL, JSON-escaped, in a binary file and in a
   * file's name) and masks it in its listing: a broken scan cannot pass a build.
   */
  public boolean findsAPlantedCopy() throws IOException {
    Path dir = Files.createTempDirectory("pgperf-secret-scan");
    try {
      Files.writeString(dir.resolve("build.log"), "[INFO] ok\n[ERROR] bad URL " + password);
      Files.writeString(
          dir.resolve("url.txt"),
          "postgresql://u:" + URLEncoder.encode(password, StandardCharsets.UTF_8) + "@h/db");
      Files.writeString(
          dir.resolve("result.json"), "{\"t\":\"" + password.replace("/", "\\/") + "\"}");
      Files.write(
          dir.resolve("archive.bin"), ("\0\1" + password + "\0").getBytes(StandardCharsets.UTF_8));
      Files.createFile(dir.resolve("named-" + password.replaceAll("[^A-Za-z0-9]", "_")));
      SecretScan planted = new SecretScan(password).tree(dir.toFile());
      String listing = planted.listing();
      return planted.hits().size() == 5
          && !listing.contains(password)
          && listing.contains("bad URL <PASSWORD>")
          && listing.contains("u:<PASSWORD-URLENCODED>@h");
    } finally {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  /** Each place found, the password masked. */
  public List<String> hits() {
    return List.copyOf(hits);
  }

  /** The places found, one a line, for an assertion's message. */
  public String listing() {
    return hits.size() + " places hold the password:\n  " + String.join("\n  ", hits);
  }

  /** {@code text} with every form of the password replaced by its placeholder. */
  public String mask(String text) {
    String masked = text;
    for (Map.Entry<String, String> form : forms.entrySet()) {
      masked = masked.replace(form.getKey(), form.getValue());
    }
    return masked;
  }

  private void look(String where, String line) {
    String masked = mask(line);
    if (masked.equals(line)) {
      return;
    }
    // Cut from the masked line: no cut can leave a piece of the password behind.
    int first = masked.length();
    for (String placeholder : forms.values()) {
      int at = masked.indexOf(placeholder);
      if (at >= 0) {
        first = Math.min(first, at);
      }
    }
    int from = Math.max(0, first - EXCERPT_SIDE);
    int to = Math.min(masked.length(), first + 2 * EXCERPT_SIDE);
    String excerpt = masked.substring(from, to).replaceAll("[\\x00-\\x1f\\x7f]", ".");
    hits.add(
        mask(where)
            + ": "
            + (from > 0 ? "..." : "")
            + excerpt
            + (to < masked.length() ? "..." : ""));
  }

  @Override
  public String toString() {
    return "SecretScan (" + hits.size() + " hits)";
  }
}
