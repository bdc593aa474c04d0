package io.github.pgperf.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two libpq connection string grammars (libpq-connect.html#LIBPQ-CONNSTRING) and the masking of
 * passwords in what pgperf shows of them. {@link ConnectionStringDifferentialTest} compares the
 * same parsers with libpq's own, through psql.
 */
class ConnectionStringTest {

  private static final String PASSWORD = "s3cr3t-XYZ";

  @Test
  void libpqRecognizesAConnectionStringByItsSchemeOrAnEqualsSign() {
    assertThat(ConnectionString.recognized("postgresql://h/db")).isTrue();
    assertThat(ConnectionString.recognized("postgres://h/db")).isTrue();
    assertThat(ConnectionString.recognized("dbname=x")).isTrue();
    assertThat(ConnectionString.recognized("ref?password=" + PASSWORD)).isTrue();
    assertThat(ConnectionString.recognized("ref/x")).isFalse();
    assertThat(ConnectionString.recognized("postgresql:/h")).isFalse();
    assertThat(ConnectionString.recognized("jdbc:postgresql://h/db")).isFalse();
  }

  @Test
  void keywordValuePairsTakeWhitespaceAroundEqualsQuotesAndBackslashes() {
    assertThat(ConnectionString.parse(" host = h1  port=5433\tdbname='my db' user=a\\ b "))
        .containsExactly(
            Map.entry(Keyword.HOST, "h1"),
            Map.entry(Keyword.PORT, "5433"),
            Map.entry(Keyword.DBNAME, "my db"),
            Map.entry(Keyword.USER, "a b"));
    assertThat(ConnectionString.parse("application_name='it\\'s \\\\ here' options=''"))
        .containsExactly(
            Map.entry(Keyword.APPLICATION_NAME, "it's \\ here"), Map.entry(Keyword.OPTIONS, ""));
    // An empty quoted value, a repeated keyword keeping its last value, requiressl.
    assertThat(ConnectionString.parse("dbname='' host=a host=b requiressl=1"))
        .containsExactly(
            Map.entry(Keyword.DBNAME, ""),
            Map.entry(Keyword.HOST, "b"),
            Map.entry(Keyword.SSLMODE, "require"));
    // libpq skips the blanks after '=': an unquoted value cannot be empty but at the end.
    assertThat(ConnectionString.parse("dbname= host=a options="))
        .containsExactly(Map.entry(Keyword.DBNAME, "host=a"), Map.entry(Keyword.OPTIONS, ""));
    assertThat(ConnectionString.parse("dbname=r\\ef")).containsEntry(Keyword.DBNAME, "ref");
  }

  @Test
  void keywordValueErrorsAreLibpqsAndComeAtTheFirstBadPair() {
    assertThatThrownBy(() -> ConnectionString.parse("ref?password=" + PASSWORD))
        .isInstanceOf(ConnectionStringException.class)
        .hasMessage("invalid connection option \"ref?password\"");
    assertThatThrownBy(() -> ConnectionString.parse("foo=1 port"))
        .hasMessage("invalid connection option \"foo\"");
    assertThatThrownBy(() -> ConnectionString.parse("host=x port"))
        .hasMessage("missing \"=\" after \"port\" in connection info string");
    assertThatThrownBy(() -> ConnectionString.parse("host=x port  5432"))
        .hasMessage("missing \"=\" after \"port\" in connection info string");
    assertThatThrownBy(() -> ConnectionString.parse("dbname='ref password=x"))
        .hasMessage("unterminated quoted string in connection info string");
    assertThatThrownBy(() -> ConnectionString.parse("tty=x"))
        .hasMessage("invalid connection option \"tty\"");
  }

  @Test
  void uriPartsArePercentDecoded() {
    assertThat(
            ConnectionString.parse(
                "postgresql://us%40er:"
                    + PASSWORD
                    + "@db.example:6543/my%20db?application_name=a%26b"))
        .containsExactly(
            Map.entry(Keyword.USER, "us@er"),
            Map.entry(Keyword.PASSWORD, PASSWORD),
            Map.entry(Keyword.HOST, "db.example"),
            Map.entry(Keyword.PORT, "6543"),
            Map.entry(Keyword.DBNAME, "my db"),
            Map.entry(Keyword.APPLICATION_NAME, "a&b"));
    assertThat(ConnectionString.parse("postgres://%2Fvar%2Frun%2Fpostgresql/ref"))
        .containsExactly(
            Map.entry(Keyword.HOST, "/var/run/postgresql"), Map.entry(Keyword.DBNAME, "ref"));
    assertThat(ConnectionString.parse("postgresql:///ref?host=/tmp/sock&port=5499&ssl=true"))
        .containsExactly(
            Map.entry(Keyword.DBNAME, "ref"),
            Map.entry(Keyword.HOST, "/tmp/sock"),
            Map.entry(Keyword.PORT, "5499"),
            Map.entry(Keyword.SSLMODE, "require"));
    assertThat(ConnectionString.parse("postgresql://[::1]:5433/x"))
        .containsExactly(
            Map.entry(Keyword.HOST, "::1"),
            Map.entry(Keyword.PORT, "5433"),
            Map.entry(Keyword.DBNAME, "x"));
    assertThat(ConnectionString.parse("postgresql://h1:1,h2:2/x"))
        .containsEntry(Keyword.HOST, "h1,h2")
        .containsEntry(Keyword.PORT, "1,2");
    assertThat(ConnectionString.parse("postgresql://")).isEmpty();
    assertThat(ConnectionString.parse("postgresql://u:@h"))
        .containsOnlyKeys(Keyword.USER, Keyword.HOST);
    // UTF-8 bytes, encoded.
    assertThat(ConnectionString.parse("postgresql://h/%C3%A9t%C3%A9"))
        .containsEntry(Keyword.DBNAME, "été");
  }

  @Test
  void uriErrorsAreLibpqsWithThePasswordMasked() {
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://h/db?foo=1"))
        .hasMessage("invalid URI query parameter: \"foo\"");
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://h/r%zz"))
        .hasMessage("invalid percent-encoded token: \"r%zz\"");
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://h/r%00"))
        .hasMessage("forbidden value %00 in percent-encoded value: \"r%00\"");
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://h/db?a"))
        .hasMessage("missing key/value separator \"=\" in URI query parameter: \"a\"");
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://h/db?a=b=c"))
        .hasMessage("extra key/value separator \"=\" in URI query parameter: \"a\"");
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://[]/x"))
        .hasMessage("IPv6 host address may not be empty in URI: \"postgresql://[]/x\"");
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://[::1]x/db"))
        .hasMessage(
            "unexpected character \"x\" at position 19 in URI (expected \":\" or \"/\"):"
                + " \"postgresql://[::1]x/db\"");
    // Where libpq would quote the password, pgperf masks it.
    assertThatThrownBy(
            () -> ConnectionString.parse("postgresql://postgres:" + PASSWORD + "@[::1/ref"))
        .hasMessage(
            "end of string reached when looking for matching \"]\" in IPv6 host address"
                + " in URI: \"postgresql://postgres:****@[::1/ref\"")
        .hasMessageNotContaining(PASSWORD);
    assertThatThrownBy(() -> ConnectionString.parse("postgresql://u:" + PASSWORD + "%zz@h/db"))
        .hasMessage("invalid percent-encoded token: \"****\"");
    assertThatThrownBy(
            () -> ConnectionString.parse("postgresql://h/db?password=" + PASSWORD + "%0"))
        .hasMessage("invalid percent-encoded token: \"****\"");
  }

  @Test
  void masksTheUserinfoPasswordAndPasswordParametersFromTheUrlsParts() {
    assertThat(ConnectionUri.masked("postgresql://postgres:" + PASSWORD + "@host:5499/db"))
        .isEqualTo("postgresql://postgres:****@host:5499/db");
    assertThat(
            ConnectionUri.masked(
                "postgres://u@h/db?sslmode=require&password="
                    + PASSWORD
                    + "&sslpassword="
                    + PASSWORD
                    + "&application_name=x"))
        .isEqualTo(
            "postgres://u@h/db?sslmode=require&password=****&sslpassword=****"
                + "&application_name=x");
    // A password holding ':' and '?' is masked as a whole: libpq ends it at the first '@'.
    assertThat(ConnectionUri.masked("postgresql://u:a:b?c@h/db"))
        .isEqualTo("postgresql://u:****@h/db");
    // Percent-encoded keyword.
    assertThat(ConnectionUri.masked("postgresql://h/db?pass%77ord=x"))
        .isEqualTo("postgresql://h/db?pass%77ord=****");
    assertThat(ConnectionUri.masked("postgresql://h/db")).isEqualTo("postgresql://h/db");
    assertThat(ConnectionUri.masked("postgresql://u:@h/db")).isEqualTo("postgresql://u:@h/db");
  }
}
