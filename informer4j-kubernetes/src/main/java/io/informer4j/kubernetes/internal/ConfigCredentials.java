package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.source.Redaction;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Keeps a fabric8 configuration's credentials out of everything written: registers them with
 * {@link Redaction}, and takes a user name and password out of the server URL (where fabric8's own
 * request logging would print them) into the configuration's basic-auth fields, as Go clients such
 * as kubectl use them. Stateless.
 */
public final class ConfigCredentials {

  private ConfigCredentials() {
  }

  /**
   * Registers the token, the password (also one in the server URL), the client key and its
   * passphrase of {@code config} with {@link Redaction}; null is ignored.
   */
  public static void register(Config config) {
    if (config == null) {
      return;
    }
    Redaction.secret(config.getOauthToken());
    Redaction.secret(config.getAutoOAuthToken());
    Redaction.secret(config.getPassword());
    Redaction.secret(config.getClientKeyData());
    Redaction.secret(config.getClientKeyPassphrase());
    URI server = server(config);
    if (server != null) {
      Redaction.secret(password(server.getRawUserInfo()));
    }
  }

  /**
   * Removes the user information from {@code config}'s server URL; its user name and password become
   * the configuration's basic-auth credentials unless it has a user name or password already.
   */
  public static void moveUserInfoToBasicAuth(Config config) {
    URI server = server(config);
    if (server == null || server.getRawUserInfo() == null) {
      return;
    }
    String userInfo = server.getRawUserInfo();
    Redaction.secret(password(userInfo));
    if (config.getUsername() == null && config.getPassword() == null) {
      int colon = userInfo.indexOf(':');
      config.setUsername(decode(colon < 0 ? userInfo : userInfo.substring(0, colon)));
      config.setPassword(password(userInfo));
    }
    try {
      config.setMasterUrl(new URI(server.getScheme(), null, server.getHost(), server.getPort(), server.getPath(),
          server.getQuery(), server.getFragment()).toString());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("the Kubernetes server URL cannot be rebuilt without its user information: "
          + Redaction.redact(server.toString()), e);
    }
  }

  private static URI server(Config config) {
    String master = config.getMasterUrl();
    if (master == null) {
      return null;
    }
    try {
      return new URI(master);
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static String password(String userInfo) {
    if (userInfo == null || userInfo.indexOf(':') < 0) {
      return null;
    }
    return decode(userInfo.substring(userInfo.indexOf(':') + 1));
  }

  private static String decode(String text) {
    return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
