"""A PyYAML loader bug: a YAMLObject subclass registers its tag's constructor on one loader class only, so loading
through another loader (the default of yaml.load, unsafe_load, CLoader) cannot build the tag."""

from programs import P, Run

U_Y_CANON = "https://github.com/yaml/pyyaml/issues/266"
U_Y_DUP = "https://github.com/yaml/pyyaml/issues/295"
U_Y_CLOADER = "https://github.com/yaml/pyyaml/issues/621"

PROGRAMS = [
    Run(
        "pyyaml-5.1",
        P(
            "pyyaml_yamlobject_tag_not_on_loader",
            "yaml",
            "stack template with a custom !Param tag read with yaml.load",
            "ConstructorError",
            U_Y_CANON,
            {
                "render_stack.py": r"""
                from pathlib import Path

                import yaml

                from stack_tags import Param

                template = yaml.load(Path("stack.yaml").read_text())
                print({name: res for name, res in template["Resources"].items()})
                """,
                "stack_tags.py": r"""
                import yaml


                class Param(yaml.YAMLObject):
                    yaml_tag = "!Param"

                    def __init__(self, key):
                        self.key = key

                    @classmethod
                    def from_yaml(cls, loader, node):
                        return cls(loader.construct_scalar(node))

                    def __repr__(self):
                        return f"Param({self.key!r})"
                """,
                "stack.yaml": "Resources:\n  Queue:\n    Name: !Param QueueName\n",
            },
        ),
    ),
    Run(
        "pyyaml-5.1",
        P(
            "pyyaml_yamlobject_tag_not_on_loader",
            "yaml",
            "a YAMLObject subclass loaded with unsafe_load",
            "ConstructorError",
            U_Y_DUP,
            {
                "potions.py": r"""
                import yaml


                class Potion(yaml.YAMLObject):
                    yaml_tag = "!Potion"

                    def __init__(self, name, strength):
                        self.name = name
                        self.strength = strength


                doc = '''
                !Potion
                name: minor healing
                strength: 3
                '''
                print(vars(yaml.unsafe_load(doc)))
                """,
            },
        ),
    ),
    Run(
        "pyyaml-6.0.1",
        P(
            "pyyaml_yamlobject_tag_not_on_loader",
            "yaml",
            "object dumped and read back with the fast C loader",
            "ConstructorError",
            U_Y_CLOADER,
            {
                "roundtrip.py": r"""
                import yaml


                class Job(yaml.YAMLObject):
                    yaml_tag = "!Job"

                    def __init__(self, name, retries):
                        self.name = name
                        self.retries = retries


                if __name__ == "__main__":
                    text = yaml.dump(Job("nightly", 3))
                    job = yaml.load(text, Loader=yaml.CLoader)
                    print(job.name)
                """,
            },
        ),
    ),
]
