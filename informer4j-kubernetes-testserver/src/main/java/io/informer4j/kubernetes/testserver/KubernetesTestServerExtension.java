package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.testkit.SimulatedApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
 * tests of the class, or before each test) in the test's JVM or as a process, serves the types and
 * creates the CRDs the annotation names, and resolves parameters and fills fields of type
 * {@link KubernetesTestServer}, {@link KubernetesClient}, {@link SimulatedApi}, {@link TestServerProcess}
 * and {@code @Kubeconfig Path}; closes everything after the class (or the test), whether it passed
 * or not; a server process is stopped by its PID. Fields are filled before each test, static fields too. {@code @Nested}
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
        || type == TestServerProcess.class || type == Path.class && parameter.isAnnotated(Kubeconfig.class);
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
  private interface Running extends AutoCloseable {

    static Running start(EnableKubernetesTestServer settings) {
      return settings.process() ? InAProcess.start(settings) : InProcess.start(settings);
    }

    /** Returns what to inject for {@code type}, or null when the type is none of those injected. */
    Object valueFor(Class<?> type, boolean kubeconfig);

    @Override
    void close();
  }

  /** A server in the test's JVM. */
  private record InProcess(KubernetesTestServer server, KubernetesClient client, Path kubeconfigDirectory)
      implements Running {

    static InProcess start(EnableKubernetesTestServer settings) {
      KubernetesTestServer server = KubernetesTestServer.start();
      try {
        server.serve(settings.serve());
        server.createNamespaces(settings.namespaces());
        for (Class<? extends HasMetadata> customResource : settings.customResources()) {
          server.createCustomResourceDefinition(ResourceType.of(customResource));
        }
        for (String resource : settings.crds()) {
          server.createCustomResourceDefinition(customResourceDefinition(resource));
        }
        Path directory = Files.createTempDirectory("informer4j-kubeconfig");
        server.writeKubeconfig(directory.resolve("kubeconfig"));
        return new InProcess(server, server.newClient(), directory);
      } catch (IOException | RuntimeException e) {
        server.close();
        throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
      }
    }

    @Override
    public Object valueFor(Class<?> type, boolean kubeconfig) {
      if (type == KubernetesTestServer.class) {
        return server;
      }
      if (type == KubernetesClient.class) {
        return client;
      }
      if (type == SimulatedApi.class) {
        return server.api();
      }
      if (type == TestServerProcess.class) {
        throw new ExtensionConfigurationException("the Kubernetes test server runs in the test's JVM here, not as a "
            + "process: @EnableKubernetesTestServer(process = true) runs it as one");
      }
      return type == Path.class && kubeconfig ? kubeconfigDirectory.resolve("kubeconfig") : null;
    }

    @Override
    public void close() {
      client.close();
      server.close();
      deleteDirectory(kubeconfigDirectory);
    }
  }

  /** A server in a process of its own, stopped by its PID. */
  private record InAProcess(TestServerProcess process, KubernetesClient client, Path crdDirectory) implements Running {

    static InAProcess start(EnableKubernetesTestServer settings) {
      Path directory;
      List<String> arguments = new ArrayList<>();
      try {
        directory = Files.createTempDirectory("informer4j-crds");
        arguments.add("--serve=" + String.join(",", Stream.of(settings.serve()).map(Class::getName).toList()));
        for (String namespace : settings.namespaces()) {
          arguments.addAll(List.of("--namespace", namespace));
        }
        KubernetesSerialization serialization = new KubernetesSerialization();
        int n = 0;
        for (Class<? extends HasMetadata> customResource : settings.customResources()) {
          Path file = directory.resolve("crd-" + n++ + ".json");
          Files.writeString(file, serialization.asJson(CustomResourceDefinitions.document(ResourceType.of(customResource))));
          arguments.addAll(List.of("--crd", file.toString()));
        }
        for (String resource : settings.crds()) {
          Path file = directory.resolve("crd-" + n++ + ".json");
          Files.writeString(file, serialization.asJson(customResourceDefinition(resource)));
          arguments.addAll(List.of("--crd", file.toString()));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("the CRDs for the test server process could not be written", e);
      }
      TestServerProcess process = TestServerProcess.builder().arguments(arguments.toArray(String[]::new)).start();
      try {
        KubernetesClient client = new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(process.kubeconfig()))).build();
        return new InAProcess(process, client, directory);
      } catch (IOException | RuntimeException e) {
        process.close();
        deleteDirectory(directory);
        throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
      }
    }

    @Override
    public Object valueFor(Class<?> type, boolean kubeconfig) {
      if (type == KubernetesTestServer.class || type == SimulatedApi.class) {
        throw new ExtensionConfigurationException("the Kubernetes test server runs as a process here: its "
            + type.getSimpleName() + " lives in that process; inject a KubernetesClient, the @Kubeconfig Path or the "
            + "TestServerProcess");
      }
      if (type == KubernetesClient.class) {
        return client;
      }
      if (type == TestServerProcess.class) {
        return process;
      }
      return type == Path.class && kubeconfig ? process.kubeconfig() : null;
    }

    @Override
    public void close() {
      try {
        client.close();
      } finally {
        process.close();
        deleteDirectory(crdDirectory);
      }
    }
  }

  private static CustomResourceDefinition customResourceDefinition(String classpathResource) {
    try {
      return CustomResourceDefinitions.read(classpathResource);
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException(e.getMessage(), e);
    }
  }

  private static void deleteDirectory(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind
    }
  }
}
