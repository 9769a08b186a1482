package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Base64;

/**
 * How clients reach a test server: its kubeconfig (one cluster, context and user, namespace
 * {@code default}; the server's certificate as the cluster's certificate authority and the bearer
 * token as the user's credential when it has them) and the same as a fabric8 configuration.
 * Immutable.
 *
 * @param url       the server's base URL, ending in {@code /}
 * @param listening how the server listens
 */
record ClientAccess(String url, Listening listening) {

  /** Returns the kubeconfig. @throws UncheckedIOException if the certificate cannot be read */
  String kubeconfig() {
    StringBuilder kubeconfig = new StringBuilder();
    kubeconfig.append("apiVersion: v1\nkind: Config\nclusters:\n- name: informer4j-test\n  cluster:\n");
    kubeconfig.append("    server: ").append(url, 0, url.length() - 1).append('\n');
    if (listening.tls()) {
      kubeconfig.append("    certificate-authority-data: ").append(Base64.getEncoder().encodeToString(certificate()))
          .append('\n');
    }
    kubeconfig.append("contexts:\n- name: informer4j-test\n  context:\n    cluster: informer4j-test\n")
        .append("    user: informer4j-test\n    namespace: default\ncurrent-context: informer4j-test\n")
        .append("users:\n- name: informer4j-test\n");
    kubeconfig.append(listening.token() == null ? "  user: {}\n" : "  user:\n    token: " + listening.token() + "\n");
    return kubeconfig.toString();
  }

  /** Returns a fabric8 configuration: namespace {@code default}, no retries. */
  Config clientConfig() {
    ConfigBuilder config = new ConfigBuilder(Config.empty()).withMasterUrl(url).withNamespace("default")
        .withRequestRetryBackoffLimit(0);
    if (listening.tls()) {
      config.withCaCertData(Base64.getEncoder().encodeToString(certificate()));
    }
    if (listening.token() != null) {
      config.withOauthToken(listening.token());
    }
    return config.build();
  }

  private byte[] certificate() {
    try {
      return Files.readAllBytes(listening.certificate());
    } catch (IOException e) {
      throw new UncheckedIOException("the certificate " + listening.certificate() + " could not be read", e);
    }
  }
}
