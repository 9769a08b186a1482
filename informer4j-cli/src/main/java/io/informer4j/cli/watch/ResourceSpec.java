package io.informer4j.cli.watch;

import io.informer4j.cli.CliException;
import io.informer4j.kubernetes.KubernetesTypeDiscovery;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.TypeKey;

/**
 * A Kubernetes resource as given to {@code --resource}: {@code configmaps} (core {@code v1}),
 * {@code v1/pods}, {@code apps/v1/deployments}, or a kind instead of the plural
 * ({@code example.com/v1/Widget}, recognized by its capital first letter) for a custom resource.
 *
 * @param group   the API group, {@code ""} for the core group
 * @param version the version
 * @param name    the plural resource name, or the kind when {@code kind} is true
 * @param kind    whether {@code name} is a kind
 */
public record ResourceSpec(String group, String version, String name, boolean kind) {

  /**
   * Parses {@code text}.
   *
   * @throws CliException (usage, exit 2) if it is empty or has more than three parts
   */
  public static ResourceSpec parse(String text) {
    String[] parts = text == null ? new String[0] : text.trim().split("/", -1);
    for (String part : parts) {
      if (part.isBlank()) {
        parts = new String[0];
        break;
      }
    }
    return switch (parts.length) {
      case 1 -> of("", "v1", parts[0]);
      case 2 -> of("", parts[0], parts[1]);
      case 3 -> of(parts[0], parts[1], parts[2]);
      default -> throw new CliException("--resource '" + text + "' is not a resource: write configmaps, v1/pods,"
          + " apps/v1/deployments or group/version/Kind", 2, null);
    };
  }

  private static ResourceSpec of(String group, String version, String name) {
    return new ResourceSpec(group, version, name, Character.isUpperCase(name.charAt(0)));
  }

  /**
   * Finds the served resource through discovery (one request).
   *
   * @throws io.informer4j.source.TypeNotFoundException if the server does not serve it
   * @throws io.informer4j.source.SourceException       if discovery failed
   */
  public ResourceDescriptor resolve(KubernetesTypeDiscovery discovery) {
    return kind ? discovery.resolve(TypeKey.of(group, version, name)) : discovery.resolvePlural(group, version, name);
  }

  @Override
  public String toString() {
    return (group.isEmpty() ? "" : group + "/") + version + "/" + name;
  }
}
