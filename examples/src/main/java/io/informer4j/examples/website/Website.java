package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A static website: {@code examples.informer4j.io/v1} {@code Website}, namespaced, with the status
 * subresource (its CustomResourceDefinition is the classpath resource {@value #CRD}). The operator
 * serves its {@link WebsiteSpec#getHtml() html} from a ConfigMap with a Deployment of
 * {@link WebsiteSpec#getReplicas() replicas} web servers.
 */
@Group("examples.informer4j.io")
@Version("v1")
@Kind("Website")
@Plural("websites")
public class Website extends CustomResource<WebsiteSpec, WebsiteStatus> implements Namespaced {

  /** The classpath resource holding the CustomResourceDefinition of websites. */
  public static final String CRD = "website/crd.yaml";

  /** A website without a spec asks for the defaults. */
  @Override
  protected WebsiteSpec initSpec() {
    return new WebsiteSpec();
  }

  /** A website not reconciled yet has an empty status. */
  @Override
  protected WebsiteStatus initStatus() {
    return new WebsiteStatus();
  }
}
