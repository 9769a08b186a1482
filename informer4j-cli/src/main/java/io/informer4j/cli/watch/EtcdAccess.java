package io.informer4j.cli.watch;

import io.etcd.jetcd.Client;
import io.informer4j.cli.CliException;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.source.Redaction;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How {@code informer4j watch} reaches etcd: the endpoint, TLS files and credentials from its
 * options. Credentials come from {@code --etcd-user user:password} (as etcdctl's {@code --user}),
 * from {@code --etcd-user user} with the password in the environment variable
 * {@value #PASSWORD_VARIABLE}, or from the endpoint itself ({@code http://user:password@host:port});
 * every password is registered with {@link Redaction} so it is never printed. An endpoint without a
 * scheme ({@code 127.0.0.1:2379}) is taken as etcdctl takes it: {@code https://} when a CA or client
 * certificate is given, {@code http://} otherwise. Immutable.
 *
 * @param endpoint    the endpoint with its scheme, without credentials
 * @param shown       the endpoint as the user wrote it, with its scheme, for messages (printed redacted)
 * @param caCert      the CA certificate that signed etcd's certificate, or null
 * @param clientCert  the client certificate, or null
 * @param clientKey   its key, or null
 * @param user        the etcd user, or null
 * @param password    the user's password, or null
 */
public record EtcdAccess(String endpoint, String shown, Path caCert, Path clientCert, Path clientKey, String user,
                         String password) {

  /** The environment variable holding the password of an {@code --etcd-user} given without one. */
  public static final String PASSWORD_VARIABLE = "INFORMER4J_ETCD_PASSWORD";
  /** The option naming the etcd user. */
  public static final String USER_OPTION = "--etcd-user";

  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://.*");
  private static final Pattern CREDENTIALS_IN_URL = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@]*)@(.*)$");

  /**
   * Resolves the options.
   *
   * @param endpoint     {@code --etcd}, with or without a scheme
   * @param caCert       {@code --etcd-cacert}, or null
   * @param clientCert   {@code --etcd-cert}, or null
   * @param clientKey    {@code --etcd-key}, or null
   * @param userOption   {@code --etcd-user}, or null
   * @param envPassword  the value of {@value #PASSWORD_VARIABLE}, or null
   * @throws CliException (usage, exit 2) for a certificate without its key or the other way round,
   *                      credentials given twice, or a user without a password
   */
  public static EtcdAccess of(String endpoint, Path caCert, Path clientCert, Path clientKey, String userOption,
                              String envPassword) {
    if ((clientCert == null) != (clientKey == null)) {
      throw new CliException("--etcd-cert and --etcd-key go together", 2, null);
    }
    String shown = withScheme(endpoint, caCert != null || clientCert != null);
    String bare = shown;
    String credentials = userOption;
    Matcher inUrl = CREDENTIALS_IN_URL.matcher(shown);
    if (inUrl.matches()) {
      if (userOption != null) {
        throw new CliException("give the etcd credentials once: in --etcd or with " + USER_OPTION, 2, null);
      }
      bare = inUrl.group(1) + inUrl.group(3);
      credentials = decode(inUrl.group(2));
    }
    String user = null;
    String password = null;
    if (credentials != null) {
      int colon = credentials.indexOf(':');
      user = colon < 0 ? credentials : credentials.substring(0, colon);
      password = colon < 0 ? envPassword : credentials.substring(colon + 1);
      Redaction.secret(password);
      if (user.isEmpty() || password == null || password.isEmpty()) {
        throw new CliException("the etcd user needs a name and a password: " + USER_OPTION + " <user>:<password>, or "
            + USER_OPTION + " <user> with the password in the environment variable " + PASSWORD_VARIABLE, 2, null);
      }
    }
    return new EtcdAccess(bare, shown, caCert, clientCert, clientKey, user, password);
  }

  /** Returns {@code endpoint} with its scheme: as written, or {@code https://} with TLS files, else {@code http://}. */
  static String withScheme(String endpoint, boolean tls) {
    return SCHEME.matcher(endpoint).matches() ? endpoint : (tls ? "https://" : "http://") + endpoint;
  }

  /**
   * Registers the passwords in the program's arguments and environment with {@link Redaction}
   * before the arguments are parsed, so that no message about them, a usage error included, shows one.
   */
  public static void hideSecrets(String[] args, String envPassword) {
    Redaction.secret(envPassword);
    for (int i = 0; i < args.length; i++) {
      String value = args[i].startsWith(USER_OPTION + "=") ? args[i].substring(USER_OPTION.length() + 1)
          : USER_OPTION.equals(args[i]) && i + 1 < args.length ? args[i + 1] : null;
      if (value != null && value.indexOf(':') >= 0) {
        Redaction.secret(value.substring(value.indexOf(':') + 1));
      }
    }
  }

  /**
   * Builds the client; it connects on first use.
   *
   * @throws CliException (usage, exit 2) when the endpoint and the TLS settings do not fit together
   *                      or a file cannot be used
   */
  public Client connect() {
    EtcdClients.Builder builder = EtcdClients.builder(endpoint);
    if (caCert != null) {
      builder.trustedCa(caCert);
    }
    if (clientCert != null) {
      builder.clientCertificate(clientCert, clientKey);
    }
    if (user != null) {
      builder.credentials(user, password);
    }
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new CliException("invalid etcd settings (--etcd " + shown + "): " + e.getMessage(), 2, e);
    }
  }

  /** Names the endpoint and user, never the password. */
  @Override
  public String toString() {
    return "etcd at " + endpoint + (user == null ? "" : " as " + user);
  }

  private static String decode(String userInfo) {
    try {
      return URLDecoder.decode(userInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return userInfo;
    }
  }
}
