package io.github.pgperf.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link TestDatabase} for all tests of a class: created before the first, dropped after the
 * last. Register it as {@code @RegisterExtension static final TestDatabaseExtension DATABASE = new
 * TestDatabaseExtension();} and reach the database with {@link #get()}.
 */
public final class TestDatabaseExtension implements BeforeAllCallback, AfterAllCallback {

  private TestDatabase database;

  /** The class's database; only valid while its tests run. */
  public TestDatabase get() {
    if (database == null) {
      throw new IllegalStateException("the test database exists only while the class's tests run");
    }
    return database;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    database = TestDatabase.create();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (database != null) {
      database.close();
      database = null;
    }
  }
}
