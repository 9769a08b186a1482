package io.informer4j.spring.test;

import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Spring TestContext's hook for {@link AutoConfigureKubernetesTestServer} (registered in
 * {@code META-INF/spring.factories}): a customizer for test classes that carry the annotation (on
 * themselves, a superclass, or a class a {@code @Nested} class is in), none for the others.
 * Stateless and thread-safe.
 */
public final class KubernetesTestServerContextCustomizerFactory implements ContextCustomizerFactory {

  /** Creates the factory; Spring does, from {@code META-INF/spring.factories}. */
  public KubernetesTestServerContextCustomizerFactory() {
  }

  /** Returns the customizer for {@code testClass}'s annotation, or null when it has none. */
  @Override
  public ContextCustomizer createContextCustomizer(Class<?> testClass, List<ContextConfigurationAttributes> configurations) {
    AutoConfigureKubernetesTestServer settings =
        TestContextAnnotationUtils.findMergedAnnotation(testClass, AutoConfigureKubernetesTestServer.class);
    return settings == null ? null : KubernetesTestServerContextCustomizer.of(settings);
  }
}
