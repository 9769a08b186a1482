package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.testkit.SimulatedApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 extension behind {@link EnableKubernetesTestServer}: starts the server (before all
 * tests of the class, or before each test), serves the types and creates the CRDs the annotation
 * names, and resolves parameters and fills fields of type {@link KubernetesTestServer},
 * {@link KubernetesClient}, {@link SimulatedApi} and {@code @Kubeconfig Path}; closes everything after
 * the class (or the test). Fields are filled before each test, static fields too. {@code @Nested}
 * classes share the server of the class they are in. Stateless: what it starts lives in the test's
 * {@link ExtensionContext.Store}.
 */
public final class KubernetesTestServerExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(KubernetesTestServerExtension.class);
  private static final String KEY = "running";

  @Override
  public void beforeAll(ExtensionContext context) {
    if (!settings(context).perTest() && context.getStore(NAMESPACE).get(KEY, Running.class) == null) {
      context.getStore(NAMESPACE).put(KEY, Running.start(settings(context)));
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    Running running = context.getStore(NAMESPACE).remove(KEY, Running.class);
    if (running != null) {
      running.close();
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IllegalAccessException {
    if (settings(context).perTest()) {
      context.getStore(NAMESPACE).put(KEY, Running.start(settings(context)));
    }
    Running running = running(context);
    for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
      inject(running, instance);
    }
  }

  private static void inject(Running running, Object instance) throws IllegalAccessException {
    for (Class<?> type = instance.getClass(); type != Object.class; type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        Object value = running.valueFor(field.getType(), field.isAnnotationPresent(Kubeconfig.class));
        if (value != null && !Modifier.isFinal(field.getModifiers())) {
          field.setAccessible(true);
          field.set(Modifier.isStatic(field.getModifiers()) ? null : instance, value);
        }
      }
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (settings(context).perTest()) {
      Running running = context.getStore(NAMESPACE).remove(KEY, Running.class);
      if (running != null) {
        running.close();
      }
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == KubernetesTestServer.class || type == KubernetesClient.class || type == SimulatedApi.class
        || type == Path.class && parameter.isAnnotated(Kubeconfig.class);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return running(context).valueFor(parameter.getParameter().getType(), parameter.isAnnotated(Kubeconfig.class));
  }

  private static Running running(ExtensionContext context) {
    Running running = context.getStore(NAMESPACE).get(KEY, Running.class);
    if (running == null) {
      throw new ExtensionConfigurationException("no Kubernetes test server runs here: with perTest, the server "
          + "exists only during each test, not for constructors or @BeforeAll methods");
    }
    return running;
  }

  /** Returns the annotation of the test class, or of the class a {@code @Nested} class is in. */
  private static EnableKubernetesTestServer settings(ExtensionContext context) {
    for (Class<?> type = context.getRequiredTestClass(); type != null; type = type.getEnclosingClass()) {
      var found = AnnotationSupport.findAnnotation(type, EnableKubernetesTestServer.class);
      if (found.isPresent()) {
        return found.get();
      }
    }
    throw new ExtensionConfigurationException(
        "the Kubernetes test server extension needs @EnableKubernetesTestServer on the test class");
  }

  /** A running server with its client and kubeconfig, closed together. */
  private record Running(KubernetesTestServer server, KubernetesClient client, Path kubeconfigDirectory)
      implements AutoCloseable {

    static Running start(EnableKubernetesTestServer settings) {
      KubernetesTestServer server = KubernetesTestServer.start();
      try {
        server.recordManagedFields(settings.managedFields());
        server.serve(settings.serve());
        for (Class<? extends HasMetadata> customResource : settings.customResources()) {
          server.createCustomResourceDefinition(ResourceType.of(customResource));
        }
        for (String resource : settings.crds()) {
          createCustomResourceDefinition(server, resource);
        }
        Path directory = Files.createTempDirectory("informer4j-kubeconfig");
        server.writeKubeconfig(directory.resolve("kubeconfig"));
        return new Running(server, server.newClient(), directory);
      } catch (IOException | RuntimeException e) {
        server.close();
        throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
      }
    }

    private static void createCustomResourceDefinition(KubernetesTestServer server, String resource) {
      try {
        server.createCustomResourceDefinition(resource);
      } catch (IllegalArgumentException e) {
        throw new ExtensionConfigurationException(e.getMessage(), e);
      }
    }

    Object valueFor(Class<?> type, boolean kubeconfig) {
      if (type == KubernetesTestServer.class) {
        return server;
      }
      if (type == KubernetesClient.class) {
        return client;
      }
      if (type == SimulatedApi.class) {
        return server.api();
      }
      return type == Path.class && kubeconfig ? kubeconfigDirectory.resolve("kubeconfig") : null;
    }

    @Override
    public void close() {
      client.close();
      server.close();
      try (Stream<Path> files = Files.walk(kubeconfigDirectory)) {
        files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
      } catch (IOException e) {
        // a temporary directory left behind
      }
    }
  }
}
