package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Each kind of credential the program could print, hidden. */
class RedactionTest {

  @Test
  void thePasswordOfAUrlIsHiddenAndTheUserKept() {
    assertThat(Redaction.redact("cannot reach etcd at http://alice:s3cr%40t@127.0.0.1:2379 (refused)"))
        .isEqualTo("cannot reach etcd at http://alice:***@127.0.0.1:2379 (refused)");
    assertThat(Redaction.redact("GET https://bob:x@10.0.0.1:6443/api and https://carol@host/"))
        .isEqualTo("GET https://bob:***@10.0.0.1:6443/api and https://carol@host/");
  }

  @Test
  void aRegisteredSecretIsHiddenWherever() {
    Redaction.secret("correct-horse-battery");
    Redaction.secret(null);
    Redaction.secret("");

    assertThat(Redaction.redact("etcd said: user reader with correct-horse-battery, again correct-horse-battery"))
        .isEqualTo("etcd said: user reader with ***, again ***");
  }

  @Test
  void theValueAfterACredentialsNameIsHidden() {
    assertThat(Redaction.redact("user: {token: abc.def.ghi, password: \"p w\", name: x}"))
        .isEqualTo("user: {token: ***, password: ***, name: x}");
    assertThat(Redaction.redact("{\"client-key-data\":\"LS0tLS1CRUdJTg==\",\"k\":1} secret=xyz"))
        .isEqualTo("{\"client-key-data\":***,\"k\":1} secret=***");
    assertThat(Redaction.redact("Authorization: Bearer eyJhbGci.payload.sig; Basic YWxpY2U6cw=="))
        .isEqualTo("Authorization: Bearer ***; Basic ***");
  }

  @Test
  void theDocumentTextAYamlParserQuotesIsDropped() {
    String folded = "cannot load the Kubernetes configuration from /k: mapping values are not allowed here in reader,"
        + " line 6, column 46: ... JhbGciOiJSUzI1NiJ9.SECRETPAYLOAD: x ^";

    assertThat(Redaction.redact(folded)).isEqualTo("cannot load the Kubernetes configuration from /k: mapping values are"
        + " not allowed here in reader, line 6, column 46");
  }

  @Test
  void theStreamPassesEachLineRedactedAndKeepsTheRest() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stream = Redaction.stream(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    stream.println("line one http://u:p@h:1 ✓");
    stream.print("partial token: abc");
    stream.flush();
    stream.print(" then more\n");

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo("line one http://u:***@h:1 ✓" + System.lineSeparator() + "partial token: *** then more\n");
  }
}
