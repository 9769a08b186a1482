package io.informer4j.kubernetes;

/**
 * A fabric8 configuration that cannot be used to build a client: TLS material it names (a client
 * certificate, a client key, a certificate authority) is missing, unreadable or not what it should
 * be. The message names the material, the kubeconfig fields that hold it and what was wrong, with
 * no credential in it.
 */
public final class KubernetesConfigurationException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** Creates the error with its message and the failure behind it. */
  public KubernetesConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }
}
