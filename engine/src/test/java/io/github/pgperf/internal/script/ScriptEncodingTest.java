package io.github.pgperf.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A script's bytes kept whole from the file to the server: read without loss, parsed as pgbench
 * parses bytes, read again in the client encoding, and refused with file, line and byte where
 * pgperf cannot send them as pgbench does. The server's side is in {@code
 * cli.ScriptBytesDifferentialTest}.
 */
class ScriptEncodingTest {

  private static final ClientEncoding UTF8 = ClientEncoding.UTF8_DATABASE;
  private static final ClientEncoding LATIN1 = new ClientEncoding("LATIN1", "LATIN1");

  @Test
  void anyBytesComeBackWholeFromTheirTextInEveryCharset() {
    Random random = new Random(7);
    for (String name : List.of("UTF-8", "ISO-8859-1", "EUC-JP", "windows-1252")) {
      Charset charset = Charset.forName(name);
      for (int i = 0; i < 500; i++) {
        byte[] bytes = new byte[random.nextInt(40)];
        random.nextBytes(bytes);
        assertThat(InvalidBytes.encode(InvalidBytes.decode(bytes, charset), charset))
            .as("%s %s", name, java.util.HexFormat.of().formatHex(bytes))
            .isEqualTo(bytes);
      }
    }
  }

  @Test
  void anAsciiByteAfterAnInvalidLeadByteStaysItself() {
    // Java's EUC-JP decoder reports "0x9d ," as one unmappable pair; the comma is pgbench's.
    assertThat(InvalidBytes.decode(bytes(0x9d, ",'"), Charset.forName("EUC-JP")))
        .isEqualTo("\uDC9d,'");
  }

  @Test
  void validUtf8BytesParseAsTheTextAndStayAsTheyAreForAUtf8Client() throws Exception {
    String text = "SELECT 'é' AS ü, :x AS \"ä\";\n\\set y 1\nSELECT :y;\n";
    Script fromBytes = Script.parse("s.sql", text.getBytes(StandardCharsets.UTF_8));

    assertThat(fromBytes.commands()).hasSameSizeAs(Script.parse("s.sql", text).commands());
    assertThat(((Command.Sql) fromBytes.commands().get(0)).text())
        .isEqualTo(((Command.Sql) Script.parse("s.sql", text).commands().get(0)).text());
    assertThat(fromBytes.inEncoding(UTF8)).isSameAs(fromBytes);
  }

  @Test
  void aLatin1ClientReadsEachByteAsOneCharacter() throws Exception {
    Script script = Script.parse("s.sql", bytes("SELECT 'caf", 0xe9, "', 'x", 0xc3, 0xa9, "';\n"));

    Command.Sql sql = (Command.Sql) script.inEncoding(LATIN1).commands().get(0);

    assertThat(sql.text()).isEqualTo("SELECT 'café', 'xÃ©';");
    assertThat(sql.template().invalidIn()).isNull();
  }

  @Test
  void sqlTextTheEncodingRefusesIsKeptWithItsBytesForTheServerToRefuse() throws Exception {
    Script script =
        Script.parse(
            "bad.sql", bytes("SELECT 1;\nINSERT INTO t VALUES (:v,\n 'caf", 0xe9, "');\n"));

    Command.Sql sql = (Command.Sql) script.inEncoding(UTF8).commands().get(1);

    assertThat(sql.template().invalidIn()).isEqualTo(UTF8);
    assertThat(sql.template().firstInvalidByte()).isEqualTo("0xe9");
    assertThat(sql.line() + sql.template().linesBeforeInvalidByte()).isEqualTo(3);
    assertThat(sql.firstLine()).isEqualTo("INSERT INTO t VALUES (:v,");
    Variables variables = new Variables();
    variables.putString("v", "'é'");
    // What pgbench sends: values in place (simple), or $1 (extended and prepared).
    assertThat(sql.template().bytesSent(true, variables))
        .isEqualTo(
            bytes("INSERT INTO t VALUES (", 0x27, 0xc3, 0xa9, 0x27, ",\n 'caf", 0xe9, "');"));
    assertThat(sql.template().bytesSent(false, variables))
        .isEqualTo(bytes("INSERT INTO t VALUES ($1,\n 'caf", 0xe9, "');"));
  }

  @Test
  void aByteOutsideSqlTextIsRefusedNamingFileLineAndByte() throws Exception {
    assertRefused(
        bytes("SELECT 1;\n\\set caf", 0xe9, " 1\n"),
        UTF8,
        "m.sql:2: cannot send byte 0xe9 in command \"set\": it is not valid in the client"
            + " encoding UTF8, and pgperf can send such a byte only inside an SQL command's text"
            + " (for the server to refuse it, as it refuses pgbench's)");
    assertRefused(
        bytes("SELECT 1;\nSELECT\n :caf", 0xe9, ";\n"),
        UTF8,
        "m.sql:3: cannot send byte 0xe9 in variable \"caf\uFFFD\": it is not valid");
    assertRefused(
        bytes("SELECT 1 AS a \\gset p", 0xe9, "\n"),
        UTF8,
        "m.sql:1: cannot send byte 0xe9 in the prefix of \\gset: it is not valid");
    assertRefused(
        bytes("\\shell echo ", 0xff, "\n"),
        UTF8,
        "m.sql:1: cannot send byte 0xff in command \"shell\"");
  }

  @Test
  void aSqlAsciiDatabaseRefusesBytesThatAreNotUtf8() throws Exception {
    ClientEncoding ascii = new ClientEncoding("SQL_ASCII", "SQL_ASCII");
    assertThat(Script.parse("m.sql", bytes("SELECT 'é';\n")).inEncoding(ascii).commands())
        .singleElement()
        .satisfies(c -> assertThat(((Command.Sql) c).text()).contains("é"));
    assertRefused(
        bytes("SELECT\n'", 0xe9, "';\n"),
        ascii,
        "m.sql:2: cannot send byte 0xe9: a"
            + " SQL_ASCII database takes any bytes, but pgperf's driver (pgjdbc) sends only valid"
            + " UTF-8");
  }

  @Test
  void anEncodingJavaCannotReadOrThatHidesAsciiIsRefusedOnlyForNonAsciiScripts() throws Exception {
    ClientEncoding mule = new ClientEncoding("MULE_INTERNAL", "MULE_INTERNAL");
    ClientEncoding sjis = new ClientEncoding("UTF8", "SJIS");
    Script ascii = Script.parse("m.sql", bytes("SELECT 1;\n"));
    assertThat(ascii.inEncoding(mule)).isSameAs(ascii);
    assertThat(ascii.inEncoding(sjis)).isSameAs(ascii);

    assertRefused(
        bytes("SELECT 1;\nSELECT '", 0x83, 0x5c, "';\n"),
        mule,
        "m.sql:2: cannot send byte 0x83: Java has no charset for the client encoding"
            + " MULE_INTERNAL");
    assertRefused(
        bytes("SELECT '", 0x83, 0x5c, "';\n"),
        sjis,
        "m.sql:1: cannot send byte 0x83: the client encoding SJIS may hide ASCII characters");
  }

  @Test
  void aScriptGivenAsJavaTextIsSentAsItsCharacters() throws Exception {
    Script text = Script.parse("t.sql", "SELECT 'é';\n");
    assertThat(text.inEncoding(LATIN1)).isSameAs(text);
  }

  @Test
  void parseErrorsShowAnInvalidByteAsUfffdAndCountItAsOneByte() {
    assertThatThrownBy(() -> Script.parse("e.sql", bytes("\\set x caf", 0xe9, "(1)\n")))
        .isInstanceOfSatisfying(
            ScriptException.class,
            e ->
                assertThat(e.lines())
                    .containsExactly(
                        "e.sql:1: unexpected function name (caf\uFFFD) in command \"set\"",
                        "\\set x caf\uFFFD(1)",
                        "          ^ error found here"));
  }

  @Test
  void commandLineDefinitionsAreTheirBytesInTheClientEncodingAndJavaTextIsKept() throws Exception {
    assertThat(VariableDefinitions.parseArguments(List.of("v=café")).inEncoding(LATIN1).values())
        .containsEntry("v", "cafÃ©");
    assertThat(VariableDefinitions.parseArguments(List.of("v=café")).inEncoding(UTF8).values())
        .containsEntry("v", "café");
    assertThat(VariableDefinitions.parse(List.of("v=café")).inEncoding(LATIN1).values())
        .containsEntry("v", "café");
    assertThatThrownBy(
            () -> VariableDefinitions.parseArguments(List.of("v=caf\uFFFD")).inEncoding(UTF8))
        .hasMessageStartingWith(
            "cannot send -D variable \"v\": it holds"
                + " U+FFFD, which the JVM puts for a command-line byte not valid in the platform"
                + " encoding");
  }

  private static void assertRefused(byte[] script, ClientEncoding encoding, String message)
      throws Exception {
    Script parsed = Script.parse("m.sql", script);
    assertThatThrownBy(() -> parsed.inEncoding(encoding))
        .isInstanceOf(ScriptException.class)
        .hasMessageStartingWith(message);
  }

  /** Text parts (UTF-8) and single bytes (ints), in order. */
  private static byte[] bytes(Object... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (Object p : parts) {
      if (p instanceof String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      } else {
        out.write((Integer) p);
      }
    }
    return out.toByteArray();
  }
}
