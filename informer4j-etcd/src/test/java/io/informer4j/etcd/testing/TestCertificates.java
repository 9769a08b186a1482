package io.informer4j.etcd.testing;

import io.informer4j.testsupport.process.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Certificates for TLS tests, made by the {@code openssl} binary ({@code bin/test} installs it) in a
 * directory of the caller's: a CA, a server certificate for 127.0.0.1 and localhost, and a client
 * certificate, all signed by the CA, with EC P-256 keys in PKCS#8 PEM; and on request a second,
 * unrelated CA and a key in the older SEC1 form. Valid for two days.
 *
 * @param ca         the CA certificate
 * @param serverCert the server certificate (subjectAltName IP:127.0.0.1, DNS:localhost)
 * @param serverKey  its key
 * @param clientCert the client certificate (CN {@code root})
 * @param clientKey  its key
 */
public record TestCertificates(Path ca, Path serverCert, Path serverKey, Path clientCert, Path clientKey) {

  /** System property naming the openssl binary; default {@code openssl} from the PATH. */
  public static final String BINARY_PROPERTY = "informer4j.openssl.binary";

  /**
   * Makes the certificates in {@code directory}.
   *
   * @throws IllegalStateException if openssl is missing or fails (with its output)
   */
  public static TestCertificates create(Path directory) {
    Path ca = directory.resolve("ca.crt");
    Path caKey = directory.resolve("ca.key");
    openssl(directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", caKey.toString(), "-out", ca.toString(), "-days", "2", "-subj", "/CN=informer4j-test-ca");
    Path serverKey = directory.resolve("server.key");
    Path serverCert = directory.resolve("server.crt");
    sign(directory, ca, caKey, "server", "/CN=127.0.0.1",
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n");
    Path clientKey = directory.resolve("client.key");
    Path clientCert = directory.resolve("client.crt");
    sign(directory, ca, caKey, "client", "/CN=root", "extendedKeyUsage=clientAuth\n");
    return new TestCertificates(ca, serverCert, serverKey, clientCert, clientKey);
  }

  /** Makes a CA certificate unrelated to {@link #ca()} (its key is thrown away) and returns it. */
  public Path otherCa() {
    Path directory = ca.getParent();
    Path other = directory.resolve("other-ca.crt");
    openssl(directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", directory.resolve("other-ca.key").toString(), "-out", other.toString(), "-days", "2",
        "-subj", "/CN=informer4j-other-ca");
    return other;
  }

  /** Writes the client key in SEC1 form ({@code BEGIN EC PRIVATE KEY}) and returns that file. */
  public Path clientKeyInSec1Form() {
    Path sec1 = clientKey.resolveSibling("client-sec1.key");
    openssl(clientKey.getParent(), "ec", "-in", clientKey.toString(), "-out", sec1.toString());
    return sec1;
  }

  private static void sign(Path directory, Path ca, Path caKey, String name, String subject, String extensions) {
    Path key = directory.resolve(name + ".key");
    Path request = directory.resolve(name + ".csr");
    Path extensionFile = directory.resolve(name + ".ext");
    try {
      Files.writeString(extensionFile, extensions, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    openssl(directory, "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", key.toString(), "-out", request.toString(), "-subj", subject);
    openssl(directory, "x509", "-req", "-in", request.toString(), "-CA", ca.toString(), "-CAkey", caKey.toString(),
        "-CAcreateserial", "-out", directory.resolve(name + ".crt").toString(), "-days", "2",
        "-extfile", extensionFile.toString());
  }

  private static void openssl(Path directory, String... args) {
    List<String> command = new ArrayList<>();
    command.add(System.getProperty(BINARY_PROPERTY, "openssl"));
    command.addAll(List.of(args));
    try (ChildProcess process = ChildProcess.start(new ProcessBuilder(command).directory(directory.toFile())
        .redirectErrorStream(true))) {
      String output = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(Duration.ofSeconds(60)) || process.process().exitValue() != 0) {
        throw new IllegalStateException("openssl failed: " + command + "\n" + output);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run openssl (" + e.getMessage() + "); install it (bin/test does) or set -D"
          + BINARY_PROPERTY, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running openssl", e);
    }
  }
}
