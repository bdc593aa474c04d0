package io.github.pgperf.launch;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The launcher for every trial, in one launcher session when the platform has sessions (1.8 and
 * later), so that what extensions keep for the session (JUnit 5.13's launcher-session store) lasts
 * across the trials; with an older platform, a plain launcher.
 */
final class LauncherOpener implements AutoCloseable {

  private final Launcher launcher;
  private final AutoCloseable session;

  private LauncherOpener(Launcher launcher, AutoCloseable session) {
    this.launcher = launcher;
    this.session = session;
  }

  static LauncherOpener open() {
    try {
      return Session.open();
    } catch (LinkageError olderPlatform) {
      return new LauncherOpener(LauncherFactory.create(), () -> {});
    }
  }

  Launcher launcher() {
    return launcher;
  }

  /** Ends the session: extensions release what they kept for it (servers stop). */
  @Override
  public void close() throws Exception {
    session.close();
  }

  /** Loaded only when called, so a platform without sessions fails here, not in ForkMain. */
  private static final class Session {
    static LauncherOpener open() {
      LauncherSession session = LauncherFactory.openSession();
      return new LauncherOpener(session.getLauncher(), session::close);
    }
  }
}
