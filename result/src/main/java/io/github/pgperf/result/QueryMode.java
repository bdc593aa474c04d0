package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Locale;
import org.apiguardian.api.API;

/** pgbench's {@code -M}: how SQL commands are sent and how their variables are passed. */
@API(status = STABLE, since = "0.1.0")
public enum QueryMode {
  /** Text with variables substituted, simple query protocol. */
  SIMPLE,
  /** Extended query protocol, {@code $n} parameters, parsed on every execution. */
  EXTENDED,
  /** Extended query protocol with statements prepared once per connection. */
  PREPARED;

  /** The name as {@code -M} takes it. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
