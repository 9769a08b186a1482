package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the program prints passes line by line through the library's redaction. */
class RedactingOutputStreamTest {

  @Test
  void theStreamPassesEachLineRedactedAndKeepsTheRest() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stream = RedactingOutputStream.printStream(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    stream.println("line one http://u:p@h:1 ✓");
    stream.print("partial token: abc");
    stream.flush();
    stream.print(" then more\n");

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo("line one http://u:***@h:1 ✓" + System.lineSeparator() + "partial token: *** then more\n");
  }
}
