package io.informer4j.benchmarks.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Captures what a command-line tool prints to standard output, for tests of its {@code main}. */
public final class PrintedOutput {

  /** A tool's entry point. */
  @FunctionalInterface
  public interface Main {
    void run() throws Exception;
  }

  private PrintedOutput() {
  }

  /** Runs {@code main} with standard output captured and restored after; returns what it printed. */
  public static String of(Main main) throws Exception {
    PrintStream before = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      main.run();
    } finally {
      System.setOut(before);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
