package io.informer4j.testsupport.process;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that stops, by PID, every {@link ChildProcess} a test left running, and fails
 * that test, naming the processes. A process started during a test method (its {@code @BeforeEach}
 * and {@code @AfterEach} included) must have ended or been stopped when the method's callbacks are
 * done, also when the test failed or timed out; one started in {@code @BeforeAll} or by a class-level
 * extension must be by the end of the class.
 *
 * <p>The build registers it for every test class (JUnit's extension auto-detection, through this
 * jar's service file), so its after-callbacks run after every other extension's: a class-level
 * server extension stops its server before this extension looks. Tests of one class must not run
 * in parallel with each other (the build runs them one at a time). Thread-safe.
 */
public final class ProcessReaper implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ProcessReaper.class);
  private static final String MARK = "mark";

  @Override
  public void beforeAll(ExtensionContext context) {
    context.getStore(NAMESPACE).put(MARK, ChildProcesses.mark());
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    context.getStore(NAMESPACE).put(MARK, ChildProcesses.mark());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    reap(context, "test");
  }

  @Override
  public void afterAll(ExtensionContext context) {
    reap(context, "test class");
  }

  private static void reap(ExtensionContext context, String scope) {
    Long mark = context.getStore(NAMESPACE).get(MARK, Long.class);
    List<ChildProcess> left = ChildProcesses.runningSince(mark == null ? 0 : mark);
    if (left.isEmpty()) {
      return;
    }
    left.forEach(ChildProcess::stop);
    throw new AssertionError("the " + scope + " " + context.getDisplayName() + " left " + left.size()
        + " process(es) running, now stopped: " + left.stream().map(ChildProcess::toString).collect(Collectors.joining(", ")));
  }
}
