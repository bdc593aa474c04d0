package io.github.pgperf.launch;

import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/** Names of tests as users read them in messages: {@code OrdersPerfTest.lookup}. */
final class TestNames {

  private TestNames() {}

  static boolean isMethod(TestIdentifier id) {
    return id.getSource().filter(s -> s instanceof MethodSource).isPresent();
  }

  /**
   * {@code Class.method} for a test method (simple class name, nested classes joined by {@code $});
   * an invocation of a parameterized test or a dynamic test adds its display name; a class gives
   * its simple name; anything else its display name.
   */
  static String name(TestPlan plan, TestIdentifier id) {
    TestSource source = id.getSource().orElse(null);
    if (source instanceof MethodSource m) {
      String method = simple(m.getClassName()) + "." + m.getMethodName();
      boolean underMethod = plan.getParent(id).map(TestNames::isMethod).orElse(false);
      return underMethod ? method + " " + id.getDisplayName() : method;
    }
    if (source instanceof ClassSource c) {
      return simple(c.getClassName());
    }
    return id.getDisplayName();
  }

  static String simple(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
