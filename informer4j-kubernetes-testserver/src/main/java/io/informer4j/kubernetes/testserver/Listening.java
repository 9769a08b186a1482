package io.informer4j.kubernetes.testserver;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where and how a {@link KubernetesTestServer} listens: an address and port, optionally TLS (a PEM
 * certificate chain and private key, as kube-apiserver's {@code --tls-cert-file} and
 * {@code --tls-private-key-file}) and a bearer token every request must carry. The default,
 * {@link #loopback()}, is plain HTTP on a free loopback port with no token. Anyone who reaches the
 * server can write, so an address that is not loopback is refused without both TLS and a token.
 * Immutable.
 *
 * @param address     the address to bind ({@code 127.0.0.1}, {@code 0.0.0.0}, …)
 * @param port        the port, 0 for a free one
 * @param certificate the PEM certificate chain, or null for plain HTTP
 * @param privateKey  the PEM private key of the certificate, or null
 * @param token       the bearer token requests must carry, or null for none
 */
public record Listening(String address, int port, Path certificate, Path privateKey, String token) {

  /**
   * @throws IllegalArgumentException if the port is out of range, only one of certificate and key is
   *                                  given, the token is blank, or a non-loopback address lacks TLS
   *                                  or a token
   */
  public Listening {
    Objects.requireNonNull(address, "address");
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port out of range: " + port);
    }
    if ((certificate == null) != (privateKey == null)) {
      throw new IllegalArgumentException("TLS needs both a certificate and its private key");
    }
    if (token != null && token.isBlank()) {
      throw new IllegalArgumentException("a bearer token must not be blank");
    }
    if (!isLoopback(address) && (certificate == null || token == null)) {
      throw new IllegalArgumentException("the test server listens on " + address + ", which is not a loopback address, "
          + "only with TLS (a certificate and its private key) and a bearer token: anyone who reaches it can write");
    }
  }

  /** Returns plain HTTP on a free port of 127.0.0.1, without a token. */
  public static Listening loopback() {
    return new Listening("127.0.0.1", 0, null, null, null);
  }

  /** Returns this listening on {@code address} and {@code port} (0: a free port). */
  public Listening on(String address, int port) {
    return new Listening(address, port, certificate, privateKey, token);
  }

  /** Returns this with TLS from a PEM certificate chain and its PEM private key. */
  public Listening withTls(Path certificate, Path privateKey) {
    return new Listening(address, port, certificate, privateKey, token);
  }

  /** Returns this requiring {@code Authorization: Bearer <token>} on every request. */
  public Listening withToken(String token) {
    return new Listening(address, port, certificate, privateKey, token);
  }

  /** Returns true when the server speaks TLS. */
  public boolean tls() {
    return certificate != null;
  }

  /**
   * Returns the host clients reach the server by: the address, or {@code 127.0.0.1} for a wildcard
   * address ({@code 0.0.0.0}, {@code ::}).
   */
  String clientHost() {
    try {
      InetAddress bound = InetAddress.getByName(address);
      if (bound.isAnyLocalAddress()) {
        return "127.0.0.1";
      }
      return bound instanceof java.net.Inet6Address ? "[" + bound.getHostAddress() + "]" : bound.getHostAddress();
    } catch (UnknownHostException e) {
      return address;
    }
  }

  private static boolean isLoopback(String address) {
    try {
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("unknown address to listen on: " + address, e);
    }
  }
}
