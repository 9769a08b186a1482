package io.informer4j.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each kind of credential a message could hold, hidden; errors copied without them. */
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
  void aPemPrivateKeyIsHiddenWhole() {
    assertThat(Redaction.redact("key: -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIB\n-----END EC PRIVATE KEY----- end"))
        .isEqualTo("key: *** end");
    assertThat(Redaction.redact("cut -----BEGIN PRIVATE KEY-----\nMIIEvQ")).isEqualTo("cut ***");
  }

  @Test
  void anErrorHoldingACredentialIsCopiedRedactedWithItsCausesAndStack() {
    IllegalStateException cause = new IllegalStateException("GET http://admin:hunter2@10.0.0.1/api failed");
    RuntimeException error = new RuntimeException("listing failed", cause);
    error.addSuppressed(new IllegalArgumentException("token: abc.def"));

    Throwable redacted = Redaction.redact(error);

    assertThat(redacted).isInstanceOf(RedactedException.class).hasMessage("java.lang.RuntimeException: listing failed");
    assertThat(redacted.getStackTrace()).isEqualTo(error.getStackTrace());
    assertThat(redacted.getCause()).isInstanceOf(RedactedException.class)
        .hasMessage("java.lang.IllegalStateException: GET http://admin:***@10.0.0.1/api failed");
    assertThat(redacted.getSuppressed()).singleElement()
        .satisfies(s -> assertThat(s).hasMessage("java.lang.IllegalArgumentException: token: ***"));
  }

  @Test
  void anErrorWithoutACredentialIsKeptAsItIs() {
    RuntimeException error = new RuntimeException("listing failed", new IllegalStateException("connection refused"));

    assertThat(Redaction.redact(error)).isSameAs(error);
    assertThat(Redaction.redact((Throwable) null)).isNull();
  }

  @Test
  void aSourceErrorCarriesNoCredentialInItsMessageOrCause() {
    SourceException error = new SourceException("list of http://u:pw@h/api failed", 500,
        new IllegalStateException("Authorization: Bearer abc"));

    assertThat(error).hasMessage("list of http://u:***@h/api failed");
    assertThat(error.getCause()).hasMessage("java.lang.IllegalStateException: Authorization: Bearer ***");
  }
}
