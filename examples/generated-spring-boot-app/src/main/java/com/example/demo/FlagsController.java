package com.example.demo;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import io.informer4j.spring.ControllerDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A controller of ConfigMaps: it marks each one it reconciled with the annotation {@value #ANNOTATION}. */
@Configuration(proxyBeanMethods = false)
public class FlagsController {

	public static final String ANNOTATION = "demo.example.com/reconciled-by";

	@Bean
	ControllerDefinition<ConfigMap> flags(KubernetesBackend kubernetes, Manager manager, Stamp stamp) {
		ObjectType<ConfigMap> configMaps = kubernetes.type(ConfigMap.class);
		CacheReader<ConfigMap> cache = manager.cache().reader(configMaps);
		return ControllerDefinition.of("flags", configMaps, key -> {
			cache.find(key)
				.filter(configMap -> configMap.getMetadata().getAnnotations() == null
					|| !stamp.value().equals(configMap.getMetadata().getAnnotations().get(ANNOTATION)))
				.ifPresent(configMap -> kubernetes.client().configMaps().inNamespace(key.namespace()).withName(key.name())
					.edit(current -> new ConfigMapBuilder(current)
						.editMetadata().addToAnnotations(ANNOTATION, stamp.value()).endMetadata().build()));
			return Result.done();
		});
	}

}
