package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** shared_preload_libraries as the server reads it, and the setting that adds the extension. */
class ServerFactsTest {

  @Test
  void theExtensionIsPreloadedByNameFileOrPath() {
    assertThat(ServerFacts.preloaded("pg_stat_statements")).isTrue();
    assertThat(ServerFacts.preloaded("auto_explain, \"pg_stat_statements\"")).isTrue();
    assertThat(ServerFacts.preloaded("$libdir/pg_stat_statements.so")).isTrue();
    assertThat(ServerFacts.preloaded("")).isFalse();
    assertThat(ServerFacts.preloaded("pg_stat_statements_x, auto_explain")).isFalse();
  }

  @Test
  void theSettingToAddKeepsWhatIsLoaded() {
    assertThat(ServerFacts.withStatements("")).isEqualTo("pg_stat_statements");
    assertThat(ServerFacts.withStatements("auto_explain"))
        .isEqualTo("auto_explain,pg_stat_statements");
  }
}
