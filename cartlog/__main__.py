from cartlog.cli import main

main()
