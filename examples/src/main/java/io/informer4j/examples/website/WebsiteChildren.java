package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.informer4j.meta.LabelSelector;
import java.util.List;
import java.util.Map;

/**
 * The objects that serve a {@link Website}, as the operator wants them: a ConfigMap {@code <name>-html}
 * holding the page as {@code index.html}, and a Deployment {@code <name>} of nginx servers mounting
 * it. Both carry the {@link #MANAGED} label, so the operator caches only its own. And the status the
 * operator applies. Stateless.
 */
final class WebsiteChildren {

  /** The label of every child, and the selector of the operator's cache of children. */
  static final Map<String, String> MANAGED = Map.of("app.kubernetes.io/managed-by", "informer4j-website-operator");
  static final LabelSelector MANAGED_SELECTOR = LabelSelector.matchingLabels(MANAGED);
  static final String PAGE = "index.html";
  static final String IMAGE = "nginx:1.27-alpine";

  private WebsiteChildren() {
  }

  /** Returns the children the website wants: its ConfigMap and its Deployment. */
  static List<HasMetadata> of(Website site) {
    return List.of(configMap(site), deployment(site));
  }

  /** Returns the website's status as the operator applies it: only the condition it owns. */
  static Website status(Website site, Condition ready) {
    Website status = new Website();
    status.getMetadata().setNamespace(site.getMetadata().getNamespace());
    status.getMetadata().setName(site.getMetadata().getName());
    status.setSpec(null);
    status.getStatus().setConditions(List.of(ready));
    return status;
  }

  /** Returns the name of the website's ConfigMap. */
  static String configMapName(Website site) {
    return site.getMetadata().getName() + "-html";
  }

  /** Returns the ConfigMap the website's page is served from (without an owner reference). */
  static ConfigMap configMap(Website site) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace(site.getMetadata().getNamespace())
        .withName(configMapName(site)).withLabels(MANAGED).endMetadata()
        .withData(Map.of(PAGE, site.getSpec().getHtml())).build();
  }

  /** Returns the Deployment serving the website's page (without an owner reference). */
  static Deployment deployment(Website site) {
    Map<String, String> pods = Map.of("app.kubernetes.io/name", "website", "app.kubernetes.io/instance",
        site.getMetadata().getName());
    return new DeploymentBuilder().withNewMetadata().withNamespace(site.getMetadata().getNamespace())
        .withName(site.getMetadata().getName()).withLabels(MANAGED).endMetadata()
        .withNewSpec().withReplicas(site.getSpec().getReplicas()).withNewSelector().withMatchLabels(pods).endSelector()
        .withNewTemplate().withNewMetadata().withLabels(pods).endMetadata().withNewSpec()
        .addNewContainer().withName("nginx").withImage(IMAGE).addNewPort().withContainerPort(80).endPort()
        .addNewVolumeMount().withName("html").withMountPath("/usr/share/nginx/html").withReadOnly(true).endVolumeMount()
        .endContainer()
        .addNewVolume().withName("html").withNewConfigMap().withName(configMapName(site)).endConfigMap().endVolume()
        .endSpec().endTemplate().endSpec().build();
  }
}
