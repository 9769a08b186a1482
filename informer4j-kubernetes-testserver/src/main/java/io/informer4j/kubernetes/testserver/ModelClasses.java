package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds fabric8 model classes of built-in kinds by name, for serving them from the command line:
 * a kind ({@code Deployment}), a kind with its API version ({@code apps/v1/Deployment},
 * {@code v1/Event}) when the kind alone is ambiguous, or a class name. The model classes are those
 * fabric8's model jars list as {@code KubernetesResource} services. Stateless.
 */
final class ModelClasses {

  private static final String SERVICES = "META-INF/services/" + KubernetesResource.class.getName();

  private ModelClasses() {
  }

  /**
   * Returns the model class {@code name} names.
   *
   * @throws IllegalArgumentException if no model class, or more than one, matches
   */
  static Class<? extends HasMetadata> find(String name) {
    if (name.contains(".") && !name.contains("/")) {
      return load(name).orElseThrow(() -> new IllegalArgumentException("no fabric8 model class " + name));
    }
    int slash = name.lastIndexOf('/');
    String kind = name.substring(slash + 1);
    String apiVersion = slash < 0 ? null : name.substring(0, slash);
    List<Class<? extends HasMetadata>> matches = new ArrayList<>();
    for (String className : listed()) {
      if (className.endsWith("." + kind)) {
        load(className).filter(type -> kind.equals(HasMetadata.getKind(type))
            && (apiVersion == null || apiVersion.equals(HasMetadata.getApiVersion(type)))).ifPresent(matches::add);
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    if (matches.isEmpty()) {
      throw new IllegalArgumentException("no built-in kind " + name + " among fabric8's model classes");
    }
    throw new IllegalArgumentException("the kind " + name + " is ambiguous, name its API version: " + String.join(", ",
        matches.stream().map(type -> HasMetadata.getApiVersion(type) + "/" + kind).toList()));
  }

  private static Set<String> listed() {
    Set<String> names = new LinkedHashSet<>();
    try {
      Enumeration<URL> files = ModelClasses.class.getClassLoader().getResources(SERVICES);
      while (files.hasMoreElements()) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(files.nextElement().openStream(),
            StandardCharsets.UTF_8))) {
          in.lines().map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#")).forEach(names::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the lists of fabric8 model classes could not be read", e);
    }
    return names;
  }

  private static java.util.Optional<Class<? extends HasMetadata>> load(String className) {
    try {
      Class<?> type = Class.forName(className, false, ModelClasses.class.getClassLoader());
      return HasMetadata.class.isAssignableFrom(type) && HasMetadata.getApiVersion(type.asSubclass(HasMetadata.class)) != null
          ? java.util.Optional.of(type.asSubclass(HasMetadata.class)) : java.util.Optional.empty();
    } catch (ClassNotFoundException | LinkageError e) {
      return java.util.Optional.empty();
    }
  }
}
