package io.informer4j.spring.test;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.spring.ControllerDefinition;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** An application under test: a controller of ConfigMaps that remembers the keys it reconciled. */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class FlagsApplication {

  /** The keys reconciled so far, in order. Thread-safe. */
  static final class ReconciledKeys {

    private final List<String> keys = new CopyOnWriteArrayList<>();

    boolean contains(String key) {
      return keys.contains(key);
    }
  }

  @Bean
  ReconciledKeys reconciledKeys() {
    return new ReconciledKeys();
  }

  @Bean
  ControllerDefinition<ConfigMap> flags(KubernetesBackend kubernetes, ReconciledKeys reconciled) {
    return ControllerDefinition.of("flags", kubernetes.type(ConfigMap.class), key -> {
      reconciled.keys.add(key.toString());
      return Result.done();
    });
  }
}
