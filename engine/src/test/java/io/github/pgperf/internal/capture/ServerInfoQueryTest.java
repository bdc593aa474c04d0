package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerInfoQueryTest {

  @Test
  void captureReadsVersionAndSettingsAsShowPrintsThem() throws Exception {
    try (TestDatabase db = TestDatabase.create();
        Connection c = db.open()) {
      ServerInfo info = ServerInfoQuery.read(c);
      assertThat(info.version()).isEqualTo(show(c, "server_version")).startsWith("15.");
      assertThat(info.fsync()).isEqualTo(show(c, "fsync"));
      assertThat(info.synchronousCommit()).isEqualTo(show(c, "synchronous_commit"));
      assertThat(info.fullPageWrites()).isEqualTo(show(c, "full_page_writes"));
      assertThat(info.sharedBuffers()).isEqualTo(show(c, "shared_buffers")).matches("\\d+[kMG]B");
      assertThat(info.maxConnections()).isEqualTo(show(c, "max_connections"));
      assertThat(info.walLevel()).isEqualTo(show(c, "wal_level"));
      assertThat(info.providerSettings()).isEmpty();
      // Settings of the session differ from the defaults only when a caller changed them.
      try (Statement s = c.createStatement()) {
        s.execute("set synchronous_commit = off");
      }
      assertThat(ServerInfoQuery.read(c).synchronousCommit()).isEqualTo("off");
      assertThat(info.withProviderSettings(Map.of("fsync", "off")).providerSettings())
          .isEqualTo(Map.of("fsync", "off"));
    }
  }

  private static String show(Connection c, String name) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("show " + name)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
