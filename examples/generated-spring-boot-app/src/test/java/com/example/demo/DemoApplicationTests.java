package com.example.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.when;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.spring.test.AutoConfigureKubernetesTestServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

@SpringBootTest
@AutoConfigureKubernetesTestServer(serve = ConfigMap.class, namespaces = "shop")
class DemoApplicationTests {

	@Autowired
	KubernetesTestServer server;

	@MockitoBean
	Stamp stamp;

	@Test
	void contextLoads() {
	}

	@Test
	void marksTheConfigMapsItReconciled() {
		when(stamp.value()).thenReturn("test");
		try (KubernetesClient client = server.newClient()) {
			client.configMaps().inNamespace("shop").resource(new ConfigMapBuilder()
				.withNewMetadata().withName("flags").endMetadata()
				.addToData("beta", "on").build()).create();
			await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				client.configMaps().inNamespace("shop").withName("flags").get().getMetadata().getAnnotations())
				.containsEntry(FlagsController.ANNOTATION, "test"));
		}
	}

}
