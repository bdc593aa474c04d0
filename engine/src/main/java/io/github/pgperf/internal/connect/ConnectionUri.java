package io.github.pgperf.internal.connect;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * libpq's connection URI ({@code conninfo_uri_parse_options} in fe-connect.c): {@code
 * postgresql://[user[:password]@][host][:port][,...][/dbname][?param=value&...]}, with {@code
 * postgres://} as well, IPv6 hosts in brackets, and percent-encoding in every part. Errors are
 * libpq's; where libpq quotes the URI or a part of it, a password in it is masked.
 */
final class ConnectionUri {

  static final String SCHEME = "postgresql://";
  static final String SHORT_SCHEME = "postgres://";

  /** What stands for a password in every text pgperf shows. */
  static final String MASK = "****";

  private static final Set<String> SECRET_PARAMETERS = Set.of("password", "sslpassword");

  private ConnectionUri() {}

  /** The length of the URI scheme designator the text starts with, or 0 (libpq's rule). */
  static int prefixLength(String text) {
    if (text.startsWith(SCHEME)) {
      return SCHEME.length();
    }
    return text.startsWith(SHORT_SCHEME) ? SHORT_SCHEME.length() : 0;
  }

  static Map<Keyword, String> parse(String uri) {
    Map<Keyword, String> values = new LinkedHashMap<>();
    int prefix = prefixLength(uri);
    int n = uri.length();
    int p = prefix;
    while (p < n && uri.charAt(p) != '@' && uri.charAt(p) != '/') {
      p++;
    }
    if (p < n && uri.charAt(p) == '@') {
      int at = p;
      int colon = prefix;
      while (colon < at && uri.charAt(colon) != ':') {
        colon++;
      }
      String user = uri.substring(prefix, colon);
      if (!user.isEmpty()) {
        values.put(Keyword.USER, decode(user, false));
      }
      if (colon < at) {
        String password = uri.substring(colon + 1, at);
        if (!password.isEmpty()) {
          values.put(Keyword.PASSWORD, decode(password, true));
        }
      }
      p = at + 1;
    } else {
      p = prefix;
    }
    StringBuilder hosts = new StringBuilder();
    StringBuilder ports = new StringBuilder();
    char terminator;
    while (true) {
      int hostStart;
      int hostEnd;
      if (p < n && uri.charAt(p) == '[') {
        hostStart = ++p;
        while (p < n && uri.charAt(p) != ']') {
          p++;
        }
        if (p >= n) {
          throw new ConnectionStringException(
              "end of string reached when looking for matching"
                  + " \"]\" in IPv6 host address in URI: \""
                  + masked(uri)
                  + "\"");
        }
        if (p == hostStart) {
          throw new ConnectionStringException(
              "IPv6 host address may not be empty in URI: \"" + masked(uri) + "\"");
        }
        hostEnd = p++;
        if (p < n && ":/?,".indexOf(uri.charAt(p)) < 0) {
          throw new ConnectionStringException(
              "unexpected character \""
                  + uri.charAt(p)
                  + "\" at position "
                  + (p + 1)
                  + " in URI (expected \":\" or \"/\"): \""
                  + masked(uri)
                  + "\"");
        }
      } else {
        hostStart = p;
        while (p < n && ":/?,".indexOf(uri.charAt(p)) < 0) {
          p++;
        }
        hostEnd = p;
      }
      terminator = p < n ? uri.charAt(p) : '\0';
      hosts.append(uri, hostStart, hostEnd);
      if (terminator == ':') {
        int portStart = ++p;
        while (p < n && "/?,".indexOf(uri.charAt(p)) < 0) {
          p++;
        }
        terminator = p < n ? uri.charAt(p) : '\0';
        ports.append(uri, portStart, p);
      }
      if (terminator != ',') {
        break;
      }
      p++;
      hosts.append(',');
      ports.append(',');
    }
    if (hosts.length() > 0) {
      values.put(Keyword.HOST, decode(hosts.toString(), false));
    }
    if (ports.length() > 0) {
      values.put(Keyword.PORT, decode(ports.toString(), false));
    }
    if (terminator != '\0' && terminator != '?') {
      int dbStart = ++p;
      while (p < n && uri.charAt(p) != '?') {
        p++;
      }
      terminator = p < n ? '?' : '\0';
      if (p > dbStart) {
        values.put(Keyword.DBNAME, decode(uri.substring(dbStart, p), false));
      }
    }
    if (terminator != '\0') {
      parseParameters(uri.substring(p + 1), values);
    }
    return values;
  }

  /** {@code param=value&...}: each a known keyword, else libpq's message naming it. */
  private static void parseParameters(String query, Map<Keyword, String> values) {
    int i = 0;
    int n = query.length();
    while (i < n) {
      int start = i;
      int equals = -1;
      while (i < n && query.charAt(i) != '&') {
        if (query.charAt(i) == '=') {
          if (equals >= 0) {
            throw new ConnectionStringException(
                "extra key/value separator \"=\" in URI query"
                    + " parameter: \""
                    + query.substring(start, equals)
                    + "\"");
          }
          equals = i;
        }
        i++;
      }
      if (equals < 0) {
        throw new ConnectionStringException(
            "missing key/value separator \"=\" in URI query"
                + " parameter: \""
                + query.substring(start, i)
                + "\"");
      }
      String keyword = decode(query.substring(start, equals), false);
      String value = decode(query.substring(equals + 1, i), SECRET_PARAMETERS.contains(keyword));
      if (i < n) {
        i++;
      }
      if (keyword.equals("ssl") && value.equals("true")) {
        // libpq's nod to JDBC URLs.
        values.put(Keyword.SSLMODE, "require");
      } else if (keyword.equals("requiressl")) {
        values.put(Keyword.SSLMODE, value.startsWith("1") ? "require" : "prefer");
      } else {
        Keyword known =
            Keyword.named(keyword)
                .orElseThrow(
                    () ->
                        new ConnectionStringException(
                            "invalid URI query parameter: \"" + keyword + "\""));
        values.put(known, value);
      }
    }
  }

  /**
   * libpq's percent-decoding: {@code %} and two hexadecimal digits, never {@code %00}; the bytes
   * are UTF-8. A secret part is not quoted in the error.
   */
  static String decode(String text, boolean secret) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
    byte[] raw = text.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < raw.length; i++) {
      if (raw[i] != '%') {
        bytes.write(raw[i]);
        continue;
      }
      int hi = i + 1 < raw.length ? Character.digit(raw[i + 1], 16) : -1;
      int lo = i + 2 < raw.length ? Character.digit(raw[i + 2], 16) : -1;
      if (hi < 0 || lo < 0) {
        throw new ConnectionStringException(
            "invalid percent-encoded token: \"" + (secret ? MASK : text) + "\"");
      }
      int c = hi << 4 | lo;
      if (c == 0) {
        throw new ConnectionStringException(
            "forbidden value %00 in percent-encoded value: \"" + (secret ? MASK : text) + "\"");
      }
      bytes.write(c);
      i += 2;
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * The URI as given, with its password (after {@code user:} before the host, or a {@code password}
   * or {@code sslpassword} parameter) replaced by {@value #MASK}. Built from the URI's parts as
   * libpq splits them, so it works on a URI libpq refuses too.
   */
  static String masked(String uri) {
    return masked(uri, prefixLength(uri));
  }

  /**
   * A URL whose server part starts at {@code prefix}, with the password of its user information (up
   * to the first {@code @} before a {@code /}) and of its secret parameters masked.
   */
  static String masked(String url, int prefix) {
    StringBuilder out = new StringBuilder(url.substring(0, prefix));
    String rest = url.substring(prefix);
    int end = 0;
    while (end < rest.length() && rest.charAt(end) != '@' && rest.charAt(end) != '/') {
      end++;
    }
    if (end < rest.length() && rest.charAt(end) == '@') {
      String userinfo = rest.substring(0, end);
      int colon = userinfo.indexOf(':');
      if (colon < 0) {
        out.append(userinfo);
      } else {
        out.append(userinfo, 0, colon).append(':');
        out.append(colon + 1 < userinfo.length() ? MASK : "");
      }
      out.append('@');
      rest = rest.substring(end + 1);
    }
    int query = rest.indexOf('?');
    if (query < 0) {
      return out.append(rest).toString();
    }
    out.append(rest, 0, query + 1);
    out.append(maskedParameters(rest.substring(query + 1), '&'));
    return out.toString();
  }

  /** {@code k=v<separator>...} with the values of secret keywords masked. */
  static String maskedParameters(String query, char separator) {
    StringBuilder out = new StringBuilder();
    int start = 0;
    while (start <= query.length()) {
      int end = query.indexOf(separator, start);
      if (end < 0) {
        end = query.length();
      }
      String parameter = query.substring(start, end);
      int equals = parameter.indexOf('=');
      if (equals >= 0 && isSecret(parameter.substring(0, equals))) {
        out.append(parameter, 0, equals + 1).append(MASK);
      } else {
        out.append(parameter);
      }
      if (end < query.length()) {
        out.append(separator);
      }
      start = end + 1;
    }
    return out.toString();
  }

  private static boolean isSecret(String encodedKeyword) {
    try {
      return SECRET_PARAMETERS.contains(decode(encodedKeyword, false).toLowerCase(Locale.ROOT));
    } catch (ConnectionStringException e) {
      return false;
    }
  }
}
