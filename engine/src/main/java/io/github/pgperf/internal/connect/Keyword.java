package io.github.pgperf.internal.connect;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The connection parameters libpq 15 knows, by their keyword in a connection string and the
 * environment variable libpq reads when a string and the command line leave one unset. A keyword
 * outside this list is libpq's {@code invalid connection option "x"}.
 */
enum Keyword {
  SERVICE("service", "PGSERVICE"),
  USER("user", "PGUSER"),
  PASSWORD("password", "PGPASSWORD"),
  // pgjdbc reads PGPASSFILE itself (PgPassParser), so it is not read here.
  PASSFILE("passfile", null),
  CHANNEL_BINDING("channel_binding", "PGCHANNELBINDING"),
  CONNECT_TIMEOUT("connect_timeout", "PGCONNECT_TIMEOUT"),
  DBNAME("dbname", "PGDATABASE"),
  HOST("host", "PGHOST"),
  HOSTADDR("hostaddr", "PGHOSTADDR"),
  PORT("port", "PGPORT"),
  CLIENT_ENCODING("client_encoding", "PGCLIENTENCODING"),
  OPTIONS("options", "PGOPTIONS"),
  APPLICATION_NAME("application_name", "PGAPPNAME"),
  FALLBACK_APPLICATION_NAME("fallback_application_name", null),
  KEEPALIVES("keepalives", null),
  KEEPALIVES_IDLE("keepalives_idle", null),
  KEEPALIVES_INTERVAL("keepalives_interval", null),
  KEEPALIVES_COUNT("keepalives_count", null),
  TCP_USER_TIMEOUT("tcp_user_timeout", null),
  SSLMODE("sslmode", "PGSSLMODE"),
  SSLCOMPRESSION("sslcompression", "PGSSLCOMPRESSION"),
  SSLCERT("sslcert", "PGSSLCERT"),
  SSLKEY("sslkey", "PGSSLKEY"),
  SSLPASSWORD("sslpassword", null),
  SSLROOTCERT("sslrootcert", "PGSSLROOTCERT"),
  SSLCRL("sslcrl", "PGSSLCRL"),
  SSLCRLDIR("sslcrldir", "PGSSLCRLDIR"),
  SSLSNI("sslsni", "PGSSLSNI"),
  REQUIREPEER("requirepeer", "PGREQUIREPEER"),
  SSL_MIN_PROTOCOL_VERSION("ssl_min_protocol_version", "PGSSLMINPROTOCOLVERSION"),
  SSL_MAX_PROTOCOL_VERSION("ssl_max_protocol_version", "PGSSLMAXPROTOCOLVERSION"),
  GSSENCMODE("gssencmode", "PGGSSENCMODE"),
  KRBSRVNAME("krbsrvname", "PGKRBSRVNAME"),
  GSSLIB("gsslib", "PGGSSLIB"),
  REPLICATION("replication", null),
  TARGET_SESSION_ATTRS("target_session_attrs", "PGTARGETSESSIONATTRS");

  private static final Map<String, Keyword> BY_NAME =
      Stream.of(values())
          .collect(Collectors.toUnmodifiableMap(k -> k.libpqName, Function.identity()));

  private final String libpqName;
  private final String environmentVariable;

  Keyword(String libpqName, String environmentVariable) {
    this.libpqName = libpqName;
    this.environmentVariable = environmentVariable;
  }

  /** The keyword as written in a connection string. */
  String libpqName() {
    return libpqName;
  }

  /** The environment variable libpq reads for it, if any. */
  Optional<String> environmentVariable() {
    return Optional.ofNullable(environmentVariable);
  }

  /** The keyword of this exact (case-sensitive, as libpq) name. */
  static Optional<Keyword> named(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }
}
