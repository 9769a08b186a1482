package io.informer4j.etcd.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks the PEM files of a TLS set-up before they are handed to the TLS library, so that a wrong
 * file fails with a message naming it and saying what to do. Stateless.
 */
public final class PemFiles {

  private PemFiles() {
  }

  /**
   * Checks that {@code file} can be read and holds at least one certificate.
   *
   * @param role what the file is, for the message ("CA certificate")
   * @throws IllegalArgumentException naming the file otherwise
   */
  public static void requireCertificates(Path file, String role) {
    if (!read(file, role).contains("-----BEGIN CERTIFICATE-----")) {
      throw new IllegalArgumentException("the " + role + " file " + file + " holds no PEM certificate"
          + " (-----BEGIN CERTIFICATE-----)");
    }
  }

  /**
   * Checks that {@code file} can be read and holds an unencrypted PKCS#8 private key.
   *
   * @throws IllegalArgumentException naming the file otherwise, with the openssl command that converts
   *                                  a PKCS#1 (RSA) or SEC1 (EC) key
   */
  public static void requirePrivateKey(Path file) {
    String text = read(file, "client key");
    if (text.contains("-----BEGIN PRIVATE KEY-----")) {
      return;
    }
    if (text.contains("-----BEGIN RSA PRIVATE KEY-----") || text.contains("-----BEGIN EC PRIVATE KEY-----")) {
      throw new IllegalArgumentException("the client key file " + file + " is not in PKCS#8 form; convert it with"
          + " 'openssl pkcs8 -topk8 -nocrypt -in " + file + " -out " + file + ".pkcs8' and use that file");
    }
    if (text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")) {
      throw new IllegalArgumentException("the client key file " + file + " is encrypted; give an unencrypted key"
          + " (openssl pkcs8 -topk8 -nocrypt -in " + file + ")");
    }
    throw new IllegalArgumentException("the client key file " + file + " holds no PEM private key (-----BEGIN PRIVATE KEY-----)");
  }

  private static String read(Path file, String role) {
    try {
      return Files.readString(file, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the " + role + " file " + file + ": " + e.getMessage(), e);
    }
  }
}
